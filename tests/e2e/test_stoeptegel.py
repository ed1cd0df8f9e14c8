"""The Stoeptegel table in a real JupyterLab in headless Chromium: choose a stoeptegel, lay a
legal card, watch the bots move, pass, finish a round and see the reveal, checking the DOM hooks
on the way; no page errors; and no hidden card code ever reaches the page (the DOM, and every
kernel→browser websocket frame, i.e. everything the widget model ever received)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from harness import (
    assert_focus_stays,
    open_notebook,
    output_problems,
    press_until,
    run_all,
    run_cell,
    run_notebook,
    screenshot,
    set_theme,
    wait_cells_done,
    wait_kernel_ready,
    write_notebook,
)
from playwright.sync_api import expect

from cardtable import StoeptegelWidget
from cardtable.cards import Card, deck_with_jokers
from cardtable.stoeptegel import Stoeptegel

pytestmark = pytest.mark.e2e


EXPECT_TIMEOUT_MS = 15_000
"""How long an ``expect`` waits here (conftest.py's ``patient_expect``): these tables animate."""


ALL_CODES = {c.code for c in deck_with_jokers(2)} - {"JK"}
CODE = re.compile(r'"([2-9TJQKA][SHDC])"')


def _good_seed() -> int:
    """A seed under which every step of the round test below happens (so none is skipped): in
    round 1, seat 0 (having set aside its first card) can lay a card on its first turn, and a
    row refuses that card; after it is laid and seat 0 passes to the end of the round, and sets
    aside its last card in round 2, it can lay a card on its first turn there too."""
    for seed in range(100, 400):
        table = StoeptegelWidget(players=4, seed=seed, think=None)
        game = table.game
        table.handle({"action": "choose", "card": table.view["hand"][0]})
        legal = table.view["legal"]
        if not legal or table.view["to_move"] != 0:
            table.close()
            continue
        hand = zip(table.view["hand"], table.view["playable"], strict=True)
        card = next(c for c, ok in hand if ok)
        rows = sorted(r for c, r in legal if c == card)
        if len(rows) == 3:
            table.close()
            continue
        table.handle({"action": "play", "card": card, "row": rows[0]})
        while game.round == 1 and game.phase == "play":
            table.handle({"action": "pass"})
        if game.round == 2 and game.phase == "choose":
            table.handle({"action": "choose", "card": game.hand(0)[-1].code})
            if game.to_move == 0 and game.legal_plays(0):
                table.close()
                return seed
        table.close()
    raise AssertionError("no seed found")


SEED = _good_seed()
CELLS = [
    "from cardtable import StoeptegelWidget\n"
    f"table = StoeptegelWidget(players=4, seed={SEED}, think=(0.05, 0.2))\n"
    "table",
    # A spy for the test, run again at the end (silent the first time): the whole game as
    # saved, hidden cards included, to know which codes the page must never have received.
    "_spy = globals().get('_spy', 0) + 1\nprint(table.game.to_json() if _spy > 1 else '')",
]


# ------------------------------------------------------------------------------- frames
class KernelFrames:
    """Every message the kernel sent to the page (``page.on("websocket")``), decoded."""

    def __init__(self, page: Any) -> None:
        self.messages: list[dict[str, Any]] = []
        page.on("websocket", self._on_websocket)

    def _on_websocket(self, ws: Any) -> None:
        if "/api/kernels/" in ws.url and "/channels" in ws.url:
            ws.on("framereceived", self._record)

    def _record(self, payload: bytes | str) -> None:
        msg = decode(payload)
        if msg is not None:
            self.messages.append(msg)

    def widget_states(self) -> list[dict[str, Any]]:
        """The widget states the kernel sent (comm_open and comm_msg updates), in order."""
        states = []
        for msg in self.messages:
            kind = msg["header"].get("msg_type")
            data = msg["content"].get("data", {}) if isinstance(msg["content"], dict) else {}
            state = data.get("state") if isinstance(data, dict) else None
            if kind in ("comm_open", "comm_msg") and isinstance(state, dict):
                states.append(state)
        return states


def decode(payload: bytes | str) -> dict[str, Any] | None:
    """Header and content of a kernel websocket frame: JSON text, or the binary
    ``v1.kernel.websocket.jupyter.org`` form (u64 count, u64 offsets, then channel, header,
    parent header, metadata, content, buffers)."""
    try:
        if isinstance(payload, str):
            msg = json.loads(payload)
            return {"header": msg.get("header") or {}, "content": msg.get("content") or {}}
        n = int.from_bytes(payload[:8], "little")
        if not 2 <= n <= 1024 or len(payload) < 8 * (n + 1):
            return None
        offsets = [int.from_bytes(payload[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(n)]
        parts = [payload[offsets[i] : offsets[i + 1]] for i in range(n - 1)]
        return {"header": json.loads(parts[1]), "content": json.loads(parts[4])}
    except (ValueError, IndexError, UnicodeDecodeError):
        return None


# ------------------------------------------------------------------------------- secrets
def visible_codes(game: Stoeptegel, seat: int = 0) -> dict[int, set[str]]:
    """Per round, the codes ``seat`` legitimately saw during that round: its own hand, the
    starting cards, every card laid or put down by the stock, the stoeptegel it was given, and
    (once the round ended) the revealed stoeptegels. Everything else was hidden from it."""
    seen: dict[int, set[str]] = {}
    round_number = 0
    for event in game.events:
        kind = event["type"]
        if kind == "deal":
            round_number = event["round"]
            seen[round_number] = set(event["hands"][seat]) | set(event["rows"])
        elif (kind == "choose" and event["for"] == seat) or kind in (
            "play", "slide", "close", "turn", "clear"
        ):  # fmt: skip
            seen[round_number].add(event["card"])
        elif kind == "joker" and event["replacement"]:
            seen[round_number].add(event["replacement"])
    return seen


def this_round(state: dict[str, Any]) -> tuple[int | None, str]:
    """(round, JSON text) of a synced state without what belongs to earlier rounds."""
    state = {k: v for k, v in state.items() if k not in ("_esm", "_css")}
    view = state.get("view")
    if not view:
        return None, json.dumps(state)
    events = view.get("events", [])
    starts = [i for i, e in enumerate(events) if e["type"] == "deal"]
    reveal = view.get("reveal")
    if reveal is not None and reveal["round"] < view["round"]:
        reveal = None
    part = dict(view, events=events[starts[-1] :] if starts else events, reveal=reveal)
    return view["round"], json.dumps(dict(state, view=part))


# ------------------------------------------------------------------------------- helpers
def hand_codes(root: Any) -> list[str]:
    return root.locator('[data-role="hand"] [data-card]').evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )


def settle(root: Any) -> None:
    """Wait until the table's finite animations (flights, pops, flips) have finished."""
    root.evaluate(
        """async (el) => {
          const finite = el.getAnimations({ subtree: true })
            .filter((a) => a.effect && a.effect.getComputedTiming().iterations !== Infinity);
          await Promise.all(finite.map((a) => a.finished.catch(() => null)));
        }"""
    )


def shoot(page: Any, root: Any, name: str) -> None:
    settle(root)
    screenshot(page, name)


def drag(page: Any, source: Any, target: Any) -> None:
    """Drag ``source`` onto ``target`` with real mouse moves (pointer events)."""
    a, b = source.bounding_box(), target.bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2 - 12, steps=4)
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 3, steps=12)
    page.mouse.up()


def wait_my_turn(page: Any, timeout_ms: float = 30_000) -> None:
    page.wait_for_function(
        """() => { const r = document.querySelector('.cardtable-stoeptegel');
                   return r && r.dataset.phase === 'play' && r.dataset.toMove === '0'; }""",
        timeout=timeout_ms,
    )


def test_a_round_against_bots_in_jupyterlab(lab_server, page, page_errors):
    frames = KernelFrames(page)  # listen before the notebook opens its kernel websocket
    write_notebook(lab_server.root / "stoeptegel-lab.ipynb", CELLS)
    open_notebook(page, lab_server, "stoeptegel-lab")
    wait_kernel_ready(page)
    run_all(page)
    wait_cells_done(page)
    root = page.locator(".cardtable-stoeptegel")
    expect(root).to_be_visible()
    root.scroll_into_view_if_needed()

    # --- choosing: click a card, then [data-action=choose]; the text says for whom (self).
    expect(root).to_have_attribute("data-phase", "choose")
    hand = root.locator('[data-role="hand"] [data-card]')
    expect(hand).to_have_count(6)
    expect(root.locator('[data-role="prompt"]')).to_contain_text("yourself")
    for seat in range(4):
        expect(root.locator(f'[data-role="score"][data-seat="{seat}"]')).to_have_text("0")
    for r in range(3):
        assert re.fullmatch(
            r"[2-9TJQKA][SHDC]", root.locator(f'[data-row="{r}"]').get_attribute("data-counting")
        )
    choose = root.locator('[data-action="choose"]')
    expect(choose).to_be_disabled()
    first = hand_codes(root)[0]
    hand.first.click()
    expect(hand.first).to_have_attribute("data-selected", "true")
    expect(choose).to_be_enabled()
    shoot(page, root, "stoeptegel-choose")
    choose.click()
    expect(root.locator('[data-role="stoeptegel"]')).to_have_attribute("data-card", first)
    wait_my_turn(page)  # the bots chose after thinking; seat 0 leads
    expect(hand).to_have_count(5)
    assert first not in hand_codes(root)
    pass_button = root.locator('[data-action="pass"]')
    expect(pass_button).to_be_enabled()

    # --- a refusal: hovering a row that does not take the card shows explain()'s reason.
    playable = root.locator('[data-role="hand"] [data-playable="true"]')
    expect(playable.first).to_be_visible()
    card = playable.first.get_attribute("data-card")
    playable.first.click()
    takes = root.locator('[data-row][data-takes="true"]')
    expect(takes.first).to_be_visible()
    refusing = root.locator('[data-row][data-takes="false"]')
    expect(refusing.first).to_be_visible()  # the seed guarantees a row that refuses the card
    refusing.first.hover()
    reason = refusing.first.locator('[data-role="reason"]')
    expect(reason).to_be_visible()
    expect(reason).to_contain_text("rule B")
    shoot(page, root, "stoeptegel-reason")
    refusing.first.click()  # sent anyway: the engine refuses with the same reason
    expect(root.locator('[data-role="message"]')).to_contain_text("rule B")
    assert card in hand_codes(root)
    picked = root.locator(f'[data-role="hand"] [data-card="{card}"]')
    expect(picked).to_have_attribute("data-selected", "true")  # a refusal keeps the pick

    # --- play a legal card: the picked one, on a row that takes it.
    row = int(takes.first.get_attribute("data-row"))
    takes.first.click()
    expect(root.locator(f'[data-role="hand"] [data-card="{card}"]')).to_have_count(0)
    expect(root.locator('[data-role="log"]')).to_contain_text(
        f"You laid {Card.parse(card)!s} on row {row + 1}."
    )

    # --- the bots move, one after the other, each after thinking; then it is our turn again.
    wait_my_turn(page)
    moved = root.locator('[data-role="log"] li').evaluate_all(
        """els => els.filter(e => ['play', 'pass'].includes(e.dataset.type))
                     .map(e => Number(e.dataset.seat))"""
    )
    assert {1, 2, 3} <= set(moved[moved.index(0) :]), moved  # each bot laid or passed after us
    for seat in (1, 2, 3):
        expect(root.locator(f'[data-role="score"][data-seat="{seat}"]')).to_have_text(
            re.compile(r"^\d+$")
        )
    shoot(page, root, "stoeptegel-play")

    # --- pass (always allowed), and keep passing until the round ends: the reveal.
    pass_button.click()
    expect(root.locator('[data-role="log"]')).to_contain_text("You passed")
    reveal = root.locator('[data-role="reveal"]')
    for _ in range(60):
        page.wait_for_function(
            """() => { const r = document.querySelector('.cardtable-stoeptegel');
                       const reveal = r.querySelector('[data-role="reveal"]');
                       return (reveal && !reveal.hidden) ||
                              (r.dataset.phase === 'play' && r.dataset.toMove === '0'); }""",
            timeout=30_000,
        )
        if reveal.is_visible():
            break
        pass_button.click()
        page.wait_for_function(  # our pass arrived (or ended the round)
            """() => { const r = document.querySelector('.cardtable-stoeptegel');
                       return r.dataset.toMove !== '0' || r.dataset.phase !== 'play'; }""",
            timeout=30_000,
        )
    expect(reveal).to_be_visible()
    expect(reveal).to_contain_text("Round 1 is over")
    expect(reveal.locator("tbody tr")).to_have_count(4)
    expect(reveal.locator('[data-role="revealed"][data-card]')).to_have_count(4)
    assert reveal.locator('[data-role="revealed"]').first.get_attribute("data-card") == first
    expect(root).to_have_attribute("data-phase", "choose")
    shoot(page, root, "stoeptegel-reveal")

    # --- round 2: the stoeptegel goes to the right-hand neighbour (Carla, seat 3).
    root.locator('[data-action="dismiss"]').click()
    expect(reveal).to_be_hidden()
    expect(root.locator('[data-role="prompt"]')).to_contain_text("right-hand neighbour, Carla")
    expect(hand).to_have_count(6)
    given = hand_codes(root)[-1]
    hand.last.click()
    choose.click()
    expect(root.locator('[data-role="gave"]')).to_have_attribute("data-card", given)
    page.wait_for_function(
        "() => document.querySelector('.cardtable-stoeptegel').dataset.phase === 'play'",
        timeout=30_000,
    )
    expect(root.locator('[data-role="stoeptegel"]')).to_have_attribute(
        "data-card", re.compile(r"^([2-9TJQKA][SHDC]|JK)$")
    )

    # --- drag and drop: a playable card onto a row that takes it (the seed guarantees one).
    wait_my_turn(page)
    expect(playable.first).to_be_visible()
    dragged = playable.first.get_attribute("data-card")
    source = root.locator(f'[data-role="hand"] [data-card="{dragged}"]')
    source.hover()  # the rows that take the hovered card glow
    target = root.locator('[data-row][data-takes="true"]').first.get_attribute("data-row")
    drag(page, source, root.locator(f'[data-row="{target}"]'))
    expect(root.locator(f'[data-role="hand"] [data-card="{dragged}"]')).to_have_count(0)

    # --- nothing hidden ever reached the page: the DOM now, and every state the kernel sent.
    dom_cards = set(root.locator("[data-card]:not([data-role='reveal'] *)").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    ))  # fmt: skip
    log_lines = root.locator('[data-role="log"] li').evaluate_all(
        "els => els.map(e => [Number(e.dataset.index), e.textContent])"
    )
    html = page.content()
    model_state = root.evaluate("el => JSON.stringify(el.cardtableState())")  # the model, in JS
    # The bots play on meanwhile: take the frames first, then the game, so that the game has
    # seen at least everything the frames show (the other order flaked: a frame newer than
    # the game named a card the game still had in a bot's hand).
    states = frames.widget_states()
    game = Stoeptegel.from_json(run_cell(page, 1).strip().splitlines()[-1])
    seen = visible_codes(game)
    assert sorted(hand_codes(root)) == sorted(c.code for c in game.hand(0))  # the DOM is the hand
    now_hidden = ALL_CODES - seen[game.round]
    assert dom_cards <= seen[game.round] | {"JK"}, dom_cards - seen[game.round]
    model_round, model_text = this_round(json.loads(model_state))
    assert model_round == game.round
    assert not set(CODE.findall(model_text)) - seen[game.round], "hidden code in the JS model"
    deal = max(j for j, e in enumerate(game.events) if e["type"] == "deal")
    this_round_log = " ".join(text for index, text in log_lines if index >= deal)
    assert "You laid" in this_round_log or "You passed" in this_round_log
    for code in now_hidden:
        assert str(Card.parse(code)) not in this_round_log, code
        assert f'data-card="{code}"' not in html or code in _revealed(game), code
    assert len(states) > 20
    views, current = 0, 1
    for state in states:  # a state without a view (reasons, a message) is of the last round
        round_number, text = this_round(state)
        if round_number is not None:
            views += 1
            current = round_number
        leaked = set(CODE.findall(text)) - seen.get(current, set())
        round_number = current
        where = {
            key: str(value)[:400]
            for key, value in state.items()
            if leaked & set(CODE.findall(json.dumps(value)))
        }
        assert not leaked, f"round {round_number}: {sorted(leaked)} crossed, in {where}"
    assert views > 10

    assert output_problems(page) == []
    page_errors.assert_none()

    # --- the same table in JupyterLab's dark theme (a screenshot to look at), then back.
    set_theme(page, "JupyterLab Dark")
    try:
        root.scroll_into_view_if_needed()
        shoot(page, root, "stoeptegel-dark")
    finally:
        set_theme(page, "JupyterLab Light")
    page_errors.assert_none()


def _revealed(game: Stoeptegel) -> set[str]:
    """Stoeptegels of earlier rounds (shown in the reveal panel)."""
    return {s["card"] for e in game.events if e["type"] == "round_end" for s in e["stoeptegels"]}


def test_choose_and_pass_in_notebook_7(notebook_server, page, page_errors):
    write_notebook(notebook_server.root / "stoeptegel-nb7.ipynb", CELLS[:1])
    open_notebook(page, notebook_server, "stoeptegel-nb7")
    wait_kernel_ready(page)
    run_all(page)
    wait_cells_done(page)
    root = page.locator(".cardtable-stoeptegel")
    expect(root).to_be_visible()
    root.locator('[data-role="hand"] [data-card]').first.click()
    root.locator('[data-action="choose"]').click()
    wait_my_turn(page)
    root.locator('[data-action="pass"]').click()
    expect(root.locator('[data-role="log"]')).to_contain_text("You passed")
    wait_my_turn(page)
    assert output_problems(page) == []
    root.scroll_into_view_if_needed()
    shoot(page, root, "stoeptegel-notebook7")
    page_errors.assert_none()


def test_hot_seat_hands_the_screen_over_in_jupyterlab(lab_server, page, page_errors):
    write_notebook(
        lab_server.root / "stoeptegel-hotseat.ipynb",
        [
            "from cardtable import StoeptegelWidget\n"
            "table = StoeptegelWidget(players=3, seed=5, seat=[0, 1], think=(0.05, 0.1),\n"
            "                         names=['Ann', 'Ben', 'Cas'])\n"
            "table"
        ],
    )
    open_notebook(page, lab_server, "stoeptegel-hotseat")
    wait_kernel_ready(page)
    run_all(page)
    wait_cells_done(page)
    root = page.locator(".cardtable-stoeptegel")
    expect(root).to_have_attribute("data-seat", "0")
    hand = root.locator('[data-role="hand"] [data-card]')
    hand.first.click()
    root.locator('[data-action="choose"]').click()
    handover = root.locator('[data-role="handover"]')
    expect(handover).to_be_visible()
    expect(handover).to_contain_text("Pass the screen to Ben")
    expect(root).to_have_attribute("data-phase", "handover")
    expect(root.locator("[data-card]")).to_have_count(0)  # nothing of Ann's (or Ben's) shows
    shoot(page, root, "stoeptegel-handover")
    root.locator('[data-action="ready"]').click()
    expect(handover).to_be_hidden()
    expect(root).to_have_attribute("data-seat", "1")
    expect(hand).to_have_count(6)
    assert output_problems(page) == []
    page_errors.assert_none()


KEYBOARD_CELLS = [
    "from cardtable import StoeptegelWidget\n"
    "from cardtable.stoeptegel import Stoeptegel\n"
    "game = Stoeptegel.scenario(\n"
    "    ['8H JS 3S KH 5C 9S', '2C 3C 4C 7D', '9C TC 6H', 'QD QC AS 6S'],\n"
    "    [{'cards': ['9H', '5H'], 'played': [False, True]}, 'KS 7S', '4D 6D'],\n"
    "    ['AH', '4S', '6C', '8D'], stock='7C 8C 9D', seed=3)\n"
    "table = StoeptegelWidget(game=game, think=(0.02, 0.05))\n"
    "table"
]
MY_ACTIONS_JS = """r => [...r.querySelectorAll('[data-role="log"] li')]
  .filter(li => li.dataset.seat === '0' && ['play', 'pass'].includes(li.dataset.type)).length"""


def test_moves_by_keyboard_alone_keep_the_focus_on_the_table(lab_server, page, page_errors):
    """Arrows walk the hand, Enter picks, 1 2 3 lay on a row, P passes; after every move (and
    the bots' answers) the focus is still on the table."""
    run_notebook(page, lab_server, "stoeptegel-keys", KEYBOARD_CELLS)
    root = page.locator(".cardtable-stoeptegel")
    wait_my_turn(page)
    root.locator('[data-role="hand"] [data-card]').first.focus()  # the one way in
    kinds = []
    for _ in range(8):
        if root.get_attribute("data-phase") != "play":
            break
        wait_my_turn(page)
        done = root.evaluate(MY_ACTIONS_JS)
        legal = root.evaluate("r => r.cardtableState().view.legal")
        if legal:
            card, row = legal[0]
            press_until(root, "ArrowRight", "card", card, limit=12)  # walk the hand to it
            page.keyboard.press("Enter")  # pick it
            page.keyboard.press(str(row + 1))  # lay it
            kinds.append("play")
        else:
            page.keyboard.press("p")
            kinds.append("pass")
        page.wait_for_function(  # the move is in the log (or it ended the round)
            f"r => ({MY_ACTIONS_JS})(r) > {done} || r.dataset.phase !== 'play'",
            arg=root.element_handle(),
            timeout=15_000,
        )
        assert_focus_stays(page, root, f"{kinds[-1]} {len(kinds)}")
    assert kinds.count("play") >= 3, kinds
    shoot(page, root, "stoeptegel-keyboard")
    for width in (700, 1000, 1600):  # the same table at three window widths, for a look
        page.set_viewport_size({"width": width, "height": 900})
        shoot(page, root, f"stoeptegel-{width}")
    assert output_problems(page) == []
    page_errors.assert_none()


def test_the_scoring_badge_and_the_rows_that_would_score_match_the_engine(
    lab_server, page, page_errors
):
    from cardtable.stoeptegel.session import seat_state

    run_notebook(page, lab_server, "stoeptegel-scoring", KEYBOARD_CELLS)
    root = page.locator(".cardtable-stoeptegel")
    wait_my_turn(page)
    game = Stoeptegel.scenario(
        ["8H JS 3S KH 5C 9S", "2C 3C 4C 7D", "9C TC 6H", "QD QC AS 6S"],
        [{"cards": ["9H", "5H"], "played": [False, True]}, "KS 7S", "4D 6D"],
        ["AH", "4S", "6C", "8D"], stock="7C 8C 9D", seed=3,
    )  # fmt: skip
    view = seat_state(game, 0, ["You", "Anna", "Bram", "Carla"])["view"]
    expect(root.locator('[data-role="scoring"]')).to_have_text(view["texts"]["scoring"])
    scored = 0
    for code, flags in view["would_score"].items():
        if not any(flag is not None for flag in flags):
            continue
        card = root.locator(f'[data-role="hand"] [data-card="{code}"]')
        card.click()  # pick it: the rows say where it would score
        for row, flag in enumerate(flags):
            node = root.locator(f'[data-row="{row}"]')
            if flag is None:
                expect(node).not_to_have_attribute("data-would-score", re.compile(".*"))
            else:
                expect(node).to_have_attribute("data-would-score", str(flag).lower())
                scored += flag
        if any(flags) and scored == sum(1 for f in flags if f):  # the first scoring card
            shoot(page, root, "stoeptegel-would-score")
        card.click()  # and put it back
    assert scored > 0, "the scenario has a card that scores"
    assert output_problems(page) == []
    page_errors.assert_none()


ROUND_END_CELLS = [
    "from cardtable import StoeptegelWidget\n"
    "from cardtable.stoeptegel import Stoeptegel\n"
    "game = Stoeptegel.scenario(['9D', '9H 4C'], ['KC', '8D', '3H'], ['6D', 'QH'], seed=5)\n"
    "table = StoeptegelWidget(game=game, seat=[0, 1], bots=None, names=['Ann', 'Ben'])\n"
    "table",
    "_spy = globals().get('_spy', 0) + 1\nprint(table.game.to_json() if _spy > 1 else '')",
]


def test_the_hot_seat_round_reveal_shows_the_final_rows_and_no_other_hand(
    lab_server, page, page_errors
):
    """Ann lays her last card, the screen goes to Ben, Ben passes: the round ends. The reveal
    (opaque) shows the rows as they lay, and the page holds Ben's new hand only: no card of
    Ann's next hand is in the DOM until she takes the screen."""
    run_notebook(page, lab_server, "stoeptegel-round-end", ROUND_END_CELLS)
    root = page.locator(".cardtable-stoeptegel")
    expect(root).to_have_attribute("data-seat", "0")
    root.locator('[data-role="hand"] [data-card="9D"]').click()
    root.locator('[data-row="1"]').click()
    expect(root.locator('[data-role="handover"]')).to_contain_text("Pass the screen to Ben")
    root.locator('[data-action="ready"]').click()
    expect(root).to_have_attribute("data-seat", "1")
    root.locator('[data-action="pass"]').click()
    reveal = root.locator('[data-role="reveal"]')
    expect(reveal).to_be_visible()
    final = reveal.locator('[data-role="final-rows"]')
    expect(final).to_contain_text("Row 2")
    expect(final.locator(".is-counting")).to_have_count(3)
    expect(final.locator('[data-final-row="1"] .is-counting')).to_have_text("9♦")
    expect(reveal).to_contain_text("fits row 3")  # Ben's Q♥ on the 3♥ (B26)
    shoot(page, root, "stoeptegel-round-reveal")
    # The reveal is painted over with the felt's own (opaque) gradient: nothing shows through.
    background = reveal.evaluate("el => getComputedStyle(el).backgroundImage")
    assert "gradient" in background and "rgba" not in background, background

    output = run_cell(page, 1)
    saved = json.loads(output.strip().splitlines()[-1])
    game = Stoeptegel.from_json(json.dumps(saved))
    assert game.round == 2 and game.phase == "choose"
    in_dom = set(CODE.findall(json.dumps(root.evaluate(
        "el => [...el.querySelectorAll('[data-card]')].map(e => e.dataset.card)"
    ))))  # fmt: skip
    anns = {c.code for c in game.hand(0)}
    assert in_dom and not in_dom & anns, in_dom & anns
    assert {c.code for c in game.hand(1)} <= in_dom  # Ben's own new hand is there
    page_errors.assert_none()
