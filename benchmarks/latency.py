"""Click-to-render latency of the widgets in a real JupyterLab, against a bare anywidget counter.

    python benchmarks/latency.py                  # every subject, 40 timed moves each
    python benchmarks/latency.py --moves 60 tripeaks
    python benchmarks/latency.py --kind notebook  # Notebook 7 instead of JupyterLab
    python benchmarks/latency.py --json benchmarks/results/latency.json
    python benchmarks/latency.py --transport nodelay   # only the steady-floor run
    python benchmarks/latency.py --interleave stoeptegel  # counter and table move by move

Transports: "stock" is jupyter_server as shipped; "nodelay" sets TCP_NODELAY on the kernel
websocket, which removes a random ~35 ms Nagle/delayed-ACK stall (see NODELAY_CONFIG). By default
both run in turn, each with its own baseline. Judge a widget's own cost on the nodelay table.

One JupyterLab server and one headless Chromium serve each transport's run. Each subject gets
its own notebook in a fresh page (its kernel stopped afterwards); the baseline, a one-button
anywidget counter (click -> ``model.save_changes()`` -> a Python observer sets another synced
trait -> the DOM shows it), always runs first, so every ratio compares figures from the same run.

How a move is timed, all inside the page: a capture-phase ``click`` listener on ``window`` stamps
``performance.now()`` when the click reaches the page (Playwright's own overhead before the
click is excluded), and a ``MutationObserver`` stamps the moment the subject's "rendered" test
first holds (the benchmark then awaits a promise: it polls nothing in the page, see
``SHOWN_JS``). Between moves the benchmark waits until the kernel reported idle for every message
the move sent, so moves never overlap.

The pointer rests on the target before the press, as a player's does: Playwright's ``click()``
moves the mouse and presses within a millisecond, so the hover's own restyle and paint (a
row's glow, a card's lift) fell inside the click's timing, where a person's pointer arrives a
few hundred milliseconds before the press. The benchmark hovers first and waits two frames
(the hover drawn), then clicks; ``--pointer-with-click`` times it the old way.

Bytes per move: Playwright sees the kernel websocket's frames (``page.on("websocket")``); the
benchmark sums the sizes of the ``comm_msg`` frames the page sent during the move (↑) and of the
``comm_msg`` frames the kernel sent in reply to them (↓, matched by parent message id). Both the
JSON text frames and the binary ``v1.kernel.websocket.jupyter.org`` frames are understood.

Adding a subject (e.g. the Stoeptegel table): write a function returning a :class:`Subject` and
register it in ``SUBJECTS``. A subject gives

- ``cells()``: the notebook's code cells (strings) that show the widget;
- ``ready``: a CSS selector that exists once the widget has drawn its first state;
- ``next_move(page, i)``: look at the page (``page.evaluate``) and return the next :class:`Move`,
  or None when there is nothing left to do. A ``Move`` names the element to click (a CSS
  selector, first match), a JS ``before`` function ``(el) => snapshot`` run just before the click,
  and a JS ``done`` function ``(snapshot) => bool`` that is true once the move is on screen. Its
  ``label`` groups moves in the report (``primary`` is the label compared with the baseline);
  ``measure=False`` performs a move without timing it (e.g. dealing a new game);
- ``unavailable()``: a reason to skip (e.g. the widget cannot be imported yet), or None.

See :func:`tripeaks_subject` for a complete example. Nothing here is asserted: it prints figures.
"""

from __future__ import annotations

import argparse
import importlib
import json
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "tests" / "e2e"))

import harness  # noqa: E402  (tests/e2e/harness.py: server, browser, notebook helpers)

MOVE_TIMEOUT_MS = 15_000
SETTLE_TIMEOUT_S = 15.0

# jupyter_server never sets TCP_NODELAY on the kernel websocket. When the kernel answers a
# click with several small iopub frames (busy status, then the comm updates), Nagle's algorithm
# holds the second frame until the browser ACKs the first, and Linux delays that ACK up to
# 40 ms: about a third to a half of all moves take ~35 ms longer, at random. That noise swamps
# any widget's own cost, so the benchmark also runs on a server that sets TCP_NODELAY on the
# kernel websocket (a jupyter_server_config.py patch), where the floor is steady.
NODELAY_CONFIG = """\
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

_open = KernelWebsocketHandler.open


async def _open_nodelay(self, *args, **kwargs):
    self.set_nodelay(True)  # no Nagle: send each kernel message at once
    return await _open(self, *args, **kwargs)


KernelWebsocketHandler.open = _open_nodelay
"""
TRANSPORTS = {
    "stock": "jupyter_server as shipped (Nagle on: bimodal, +~35 ms on a random share of moves)",
    "nodelay": "TCP_NODELAY on the kernel websocket (steady floor: compare widgets here)",
}


# --------------------------------------------------------------------------------------------
# Subjects
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """One click and the DOM condition that says it has been rendered."""

    target: str
    """CSS selector of the element to click (the first match is clicked)."""
    done: str
    """JS ``(snap) => boolean``: true once the move shows on screen."""
    before: str = "(el) => null"
    """JS ``(el) => snap``, run on the target just before the click; its result goes to done."""
    label: str = "move"
    measure: bool = True
    """False: the move is played (e.g. to deal a new game) but not reported."""
    settle: bool = True
    """Wait for the kernel to go idle after the comm messages the move sent (leave True unless
    the move never talks to the kernel)."""
    relabel: str | None = None
    """JS ``() => string | null`` run once the move is rendered: a label that says what the
    move turned out to be (a pass that ended the round), or null to keep ``label``."""


@dataclass(frozen=True)
class Subject:
    """A widget whose click-to-render latency is measured (see the module docstring)."""

    name: str
    cells: Callable[[], list[str]]
    ready: str
    next_move: Callable[[Any, int], Move | None]
    primary: str = "move"
    unavailable: Callable[[], str | None] = field(default=lambda: None)
    rest: Callable[[Any], None] = field(default=lambda page: None)
    """Wait until the page is at rest (its bots done, its motion over): ``--interleave`` calls it
    before the other page's click, so neither page's work lands in the other's timing."""


_ECHO = "document.querySelector('.ct-counter [data-role=\"echo\"]').dataset.value"


def counter_subject() -> Subject:
    """The baseline: a bare one-button anywidget counter (``harness.COUNTER_SOURCE``)."""
    move = Move(
        target='.ct-counter [data-role="increment"]',
        before=f"(el) => {_ECHO}",
        done=f"(snap) => {_ECHO} !== snap",
        label="click",
    )
    return Subject(
        name="counter",
        cells=lambda: [harness.COUNTER_SOURCE],
        ready='.ct-counter [data-role="echo"][data-value]',
        next_move=lambda page, i: move,
        primary="click",
    )


# Tri-Peaks hooks (issue 4): root .cardtable-tripeaks; [data-position=N] with data-card and
# data-playable="true"; [data-role=stock] with data-count; [data-role=waste] with data-card;
# [data-role=score]; buttons [data-action=new|undo|...].
_TP = ".cardtable-tripeaks"
_TP_STATE = f"""() => {{
  const q = (s) => document.querySelector('{_TP} ' + s);
  return {{
    score: q('[data-role="score"]')?.textContent ?? null,
    count: q('[data-role="stock"]')?.dataset.count ?? null,
    waste: q('[data-role="waste"]')?.dataset.card ?? null,
  }};
}}"""
_TP_NEXT = f"""() => {{
  const root = document.querySelector('{_TP}');
  if (!root) return null;
  const banner = root.querySelector('[data-role="banner"]');
  const over = root.dataset.over === "true" || (banner && !banner.hidden);
  const card = !over && root.querySelector('[data-position][data-playable="true"]');
  if (card) return {{ kind: "play", position: card.dataset.position }};
  const stock = root.querySelector('[data-role="stock"]');
  if (!over && stock && Number(stock.dataset.count) > 0) return {{ kind: "draw" }};
  // Game over (won, or no move left): deal again, with the banner's button if it is up.
  const again = root.querySelector('[data-role="banner"]:not([hidden]) [data-action="new"]');
  if (again) return {{ kind: "new", target: '[data-role="banner"] [data-action="new"]' }};
  const button = root.querySelector('[data-action="new"]');
  return button ? {{ kind: "new", target: '[data-action="new"]' }} : null;
}}"""


def _tripeaks_next(page: Any, i: int) -> Move | None:
    state = page.evaluate(_TP_NEXT)
    if state is None:
        return None
    snap = f"(el) => ({_TP_STATE})()"
    if state["kind"] == "play":
        pos = state["position"]
        slot = f"document.querySelector('{_TP} [data-position=\"{pos}\"]')"
        return Move(
            target=f'{_TP} [data-position="{pos}"]',
            before=f"(el) => ({{ ...({_TP_STATE})(), card: el.dataset.card }})",
            done=f"""(snap) => {{
              const now = ({_TP_STATE})(); const slot = {slot};
              return now.score !== snap.score || !slot || slot.dataset.card !== snap.card;
            }}""",
            label="play",
        )
    if state["kind"] == "draw":
        return Move(
            target=f'{_TP} [data-role="stock"]',
            before=snap,
            done=f"""(snap) => {{ const now = ({_TP_STATE})();
              return now.count !== snap.count || now.waste !== snap.waste; }}""",
            label="draw",
        )
    # A new deal keeps the game going; it is not a move worth timing.
    return Move(
        target=f"{_TP} {state['target']}",
        before=snap,
        done=f"""(snap) => {{ const now = ({_TP_STATE})();
          return now.count !== snap.count || now.score !== snap.score; }}""",
        label="new deal",
        measure=False,
    )


def _importable(module: str, name: str) -> Callable[[], str | None]:
    def check() -> str | None:
        try:
            getattr(importlib.import_module(module), name)
        except Exception as exc:
            return f"{module}.{name} cannot be imported yet ({type(exc).__name__}: {exc})"
        return None

    return check


def tripeaks_subject() -> Subject:
    """The Tri-Peaks table: play the first playable card; draw when none; new deal when over."""
    return Subject(
        name="tripeaks",
        cells=lambda: [
            "from cardtable import TriPeaksWidget\n\ntable = TriPeaksWidget(seed=1)\ntable",
        ],
        ready=f'{_TP} [data-role="stock"][data-count]',
        next_move=_tripeaks_next,
        primary="play",
        unavailable=_importable("cardtable", "TriPeaksWidget"),
    )


# Stoeptegel hooks (issue 5): root .cardtable-stoeptegel with data-phase, data-to-move and
# data-seat; [data-role=hand] (data-mode="choose" while choosing) with [data-card] cards,
# data-playable / data-selected; rows [data-row=N] with data-takes for the picked card;
# [data-action=choose|pass]; the end-of-round panel [data-role=reveal] with
# [data-action=dismiss|new]. A play is two clicks: the card (UI only, not timed), then the row
# (timed: click -> the card has left the hand on screen, one fewer of its code: a hand can hold
# both jokers). The bots think 50-100 ms.
_ST = ".cardtable-stoeptegel"
_ST_STATE = f"""() => {{
  const root = document.querySelector('{_ST}');
  if (!root) return null;
  const reveal = root.querySelector('[data-role="reveal"]');
  const hand = root.querySelector('[data-role="hand"]');
  const cards = [...root.querySelectorAll('[data-role="hand"] [data-card]')];
  const pick = cards.find((c) => c.dataset.selected === "true");
  const takes = root.querySelector('[data-row][data-takes="true"]');
  return {{
    reveal: !!(reveal && !reveal.hidden),
    again: !!root.querySelector('[data-role="reveal"]:not([hidden]) [data-action="new"]'),
    choosing: !!(hand && hand.dataset.mode === "choose"),
    myTurn: root.dataset.phase === "play" && root.dataset.toMove === root.dataset.seat,
    hand: cards.map((c) => c.dataset.card),
    playable: cards.filter((c) => c.dataset.playable === "true").map((c) => c.dataset.card),
    picked: pick ? pick.dataset.card : null,
    row: takes ? takes.dataset.row : null,
    log: root.querySelectorAll('[data-role="log"] li').length,
  }};
}}"""
_ST_WAIT = f"""() => {{
  const s = ({_ST_STATE})();
  return s && (s.reveal || s.choosing || s.myTurn);
}}"""


REACTION_MS = 250
"""A player's click comes at least this long after the table shows their turn (or their pick):
a person sees, decides and presses in no less (a simple visual reaction takes ~0.2-0.25 s).
The last bot's motion (a flight lasts 320 ms, its points and bubbles until the player acts)
still runs then, as in play. Without it, a pass was pressed within a frame or two of the
bot's move being drawn, in the middle of that move's own frames."""


def _stoeptegel_next(page: Any, i: int) -> Move | None:
    page.wait_for_function(_ST_WAIT, timeout=MOVE_TIMEOUT_MS)  # the bots' turns pass first
    page.wait_for_timeout(REACTION_MS)
    state = page.evaluate(f"({_ST_STATE})()")
    snap = f"(el) => ({_ST_STATE})()"
    changed = f"(snap) => JSON.stringify(({_ST_STATE})()) !== JSON.stringify(snap)"
    if state["reveal"]:  # end of a round (or of the game): close the panel, or deal again
        action = "new" if state["again"] else "dismiss"
        return Move(
            target=f'{_ST} [data-role="reveal"] [data-action="{action}"]',
            before=snap,
            done=changed,
            label="new game" if action == "new" else "next round",
            measure=False,
            settle=action == "new",
        )
    if state["choosing"]:
        if state["picked"] is None:
            return Move(
                target=f'{_ST} [data-role="hand"] [data-card]',
                before=snap,
                done=changed,
                label="pick",
                measure=False,
                settle=False,
            )
        return Move(
            target=f'{_ST} [data-action="choose"]',
            before=snap,
            done=f"(snap) => !({_ST_STATE})().choosing",
            label="choose",
            measure=False,
        )
    if state["playable"] and state["picked"] not in state["playable"]:
        return Move(
            target=f'{_ST} [data-role="hand"] [data-card="{state["playable"][0]}"]',
            before=snap,
            done=changed,
            label="pick",
            measure=False,
            settle=False,
        )
    if state["picked"] is not None and state["row"] is not None:
        card = state["picked"]
        held = f"""document.querySelectorAll(
              '{_ST} [data-role="hand"] [data-card="{card}"]').length"""
        return Move(
            target=f'{_ST} [data-row="{state["row"]}"]',
            before=snap,
            done=f"(snap) => {held} < snap.hand.filter((c) => c === '{card}').length",
            label="play",
        )
    return Move(
        target=f'{_ST} [data-action="pass"]',
        before=snap,
        # (the log's length alone: the check runs at every change in the page, inside the timing)
        done=f"(snap) => document.querySelectorAll('{_ST} [data-role=\"log\"] li').length"
        " !== snap.log",
        label="pass",
        # The round's last pass opens the reveal over a new deal: a screen of its own.
        relabel=f"""() => document.querySelector('{_ST} [data-role="reveal"]:not([hidden])')
          ? "pass, round ends" : null""",
    )


def _stoeptegel_rest(page: Any) -> None:
    """The human's turn (or a reveal), and then nothing moving for 300 ms: no finite animation
    running and the table's state unchanged (at a reveal the bots still choose for the next
    round: their choices, redraws and motion are waited for too)."""
    page.wait_for_function(_ST_WAIT, timeout=MOVE_TIMEOUT_MS)
    page.wait_for_function(
        f"""() => {{ const r = document.querySelector('{_ST}');
          const busy = r.getAnimations({{ subtree: true }}).some((a) => a.effect
            && a.effect.getComputedTiming().iterations !== Infinity && a.playState === "running");
          const now = JSON.stringify(({_ST_STATE})()), w = window;
          if (busy || now !== w.__ctRest) {{
            w.__ctRest = now; w.__ctRestSince = performance.now(); }}
          return performance.now() - w.__ctRestSince >= 300; }}""",
        timeout=MOVE_TIMEOUT_MS,
    )


def stoeptegel_subject() -> Subject:
    """The Stoeptegel table, one human against three greedy bots: lay the first playable card
    on a row that takes it (two clicks; the second is timed), pass when none, choose the first
    card as the stoeptegel, close the end-of-round panel."""
    return Subject(
        name="stoeptegel",
        cells=lambda: [
            "from cardtable import StoeptegelWidget\n\n"
            "table = StoeptegelWidget(players=4, seed=1, think=(0.05, 0.1))\ntable",
        ],
        ready=f'{_ST} [data-role="hand"] [data-card]',
        next_move=_stoeptegel_next,
        primary="play",
        unavailable=_importable("cardtable", "StoeptegelWidget"),
        rest=_stoeptegel_rest,
    )


BASELINE = "counter"
SUBJECTS: dict[str, Callable[[], Subject]] = {
    "counter": counter_subject,
    "tripeaks": tripeaks_subject,
    "stoeptegel": stoeptegel_subject,
}


# --------------------------------------------------------------------------------------------
# Kernel websocket traffic
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    sent: bool  # page -> kernel
    size: int  # payload bytes as on the wire
    msg_type: str | None
    msg_id: str | None
    parent_id: str | None
    state: str | None  # execution_state of a status message


def _parse_message(payload: bytes | str) -> dict[str, Any] | None:
    """Header, parent header and content of a kernel websocket frame (JSON or v1 binary)."""
    try:
        if isinstance(payload, str):
            msg = json.loads(payload)
            return {k: msg.get(k) or {} for k in ("header", "parent_header", "content")}
        # v1.kernel.websocket.jupyter.org: u64 count n, n u64 offsets, then channel, header,
        # parent_header, metadata, content, buffers (offsets are little-endian).
        n = int.from_bytes(payload[:8], "little")
        if not 2 <= n <= 1024 or len(payload) < 8 * (n + 1):
            return None
        offsets = [int.from_bytes(payload[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(n)]
        parts = [payload[offsets[i] : offsets[i + 1]] for i in range(n - 1)]
        if len(parts) < 5:
            return None
        return {
            "header": json.loads(parts[1]),
            "parent_header": json.loads(parts[2]),
            "content": json.loads(parts[4]),
        }
    except (ValueError, UnicodeDecodeError):
        return None


class KernelTraffic:
    """Records the kernel websocket frames of a page (``page.on("websocket")``)."""

    def __init__(self, page: Any):
        self.frames: list[Frame] = []
        page.on("websocket", self._on_websocket)

    def _on_websocket(self, ws: Any) -> None:
        if "/api/kernels/" not in ws.url or "/channels" not in ws.url:
            return
        ws.on("framesent", lambda payload: self._record(payload, sent=True))
        ws.on("framereceived", lambda payload: self._record(payload, sent=False))

    def _record(self, payload: bytes | str, *, sent: bool) -> None:
        size = len(payload.encode()) if isinstance(payload, str) else len(payload)
        msg = _parse_message(payload)
        if msg is None:
            self.frames.append(Frame(sent, size, None, None, None, None))
            return
        header, parent = msg["header"], msg["parent_header"]
        state = msg["content"].get("execution_state") if isinstance(msg["content"], dict) else None
        self.frames.append(
            Frame(sent, size, header.get("msg_type"), header.get("msg_id"), parent.get("msg_id"),
                  state)
        )  # fmt: skip

    def mark(self) -> int:
        return len(self.frames)

    def move_requests(self, mark: int) -> set[str]:
        """msg ids of the comm messages the page sent since ``mark``."""
        return {
            f.msg_id
            for f in self.frames[mark:]
            if f.sent and f.msg_type == "comm_msg" and f.msg_id is not None
        }

    def settled(self, mark: int) -> bool:
        """The page sent a comm message since ``mark`` and the kernel went idle after each."""
        requests = self.move_requests(mark)
        idle = {
            f.parent_id
            for f in self.frames[mark:]
            if not f.sent and f.msg_type == "status" and f.state == "idle"
        }
        return bool(requests) and requests <= idle

    def bytes_since(self, mark: int) -> tuple[int, int]:
        """(bytes up, bytes down) of the comm messages of the move that started at ``mark``."""
        requests = self.move_requests(mark)
        up = down = 0
        for f in self.frames[mark:]:
            if f.msg_type != "comm_msg":
                continue
            if f.sent and f.msg_id in requests:
                up += f.size
            elif not f.sent and f.parent_id in requests:
                down += f.size
        return up, down


# --------------------------------------------------------------------------------------------
# Measuring
# --------------------------------------------------------------------------------------------


def _arm_js(move: Move) -> str:
    return f"""(target) => {{
  const before = {move.before};
  const done = {move.done};
  const el = document.querySelector(target);
  if (!el) return false;
  const bench = {{ t0: null, t1: null, error: null }};
  let shown;
  const settled = new Promise((resolve) => {{ shown = resolve; }});
  const snap = before(el);
  const check = () => {{
    if (bench.t0 === null || bench.t1 !== null) return;
    let ok = false;
    try {{ ok = done(snap); }} catch (e) {{ bench.error = String(e); }}
    if (ok) {{
      bench.t1 = performance.now();
      observer.disconnect();
      window.removeEventListener("click", onClick, true);
      shown();
    }}
  }};
  const onClick = () => {{ if (bench.t0 === null) bench.t0 = performance.now(); }};
  const observer = new MutationObserver(check);
  observer.observe(document.body,
    {{ subtree: true, childList: true, attributes: true, characterData: true }});
  window.addEventListener("click", onClick, true);
  window.__ctBench = bench;
  window.__ctShown = settled;
  return true;
}}"""


@dataclass
class Sample:
    label: str
    ms: float
    up: int
    down: int


SHOWN_JS = """(timeout) => Promise.race([
  window.__ctShown.then(() => window.__ctBench),
  new Promise((resolve) => setTimeout(() => resolve(null), timeout))])"""
"""Waits for the move to show: a promise, not ``wait_for_function``, whose default polling
runs in every animation frame. That forced the page to render a full frame per vsync while
the table's motion ran, work a player's browser never does (issue 28's trace, 2026-12-07)."""

TWO_FRAMES_JS = """() => new Promise(
  (done) => requestAnimationFrame(() => requestAnimationFrame(done)))"""


def play_move(
    page: Any, move: Move, traffic: KernelTraffic, *, pointer_rests: bool = True
) -> Sample:
    """Click ``move.target``, time click -> rendered in the page, wait for the kernel to settle.
    With ``pointer_rests`` the pointer hovers the target (its frame drawn) before the timed
    click, as a player's does; without, it moves with the click (``--pointer-with-click``)."""
    locator = page.locator(move.target).first
    locator.scroll_into_view_if_needed()  # before arming: scrolling is not part of the move
    if pointer_rests:
        locator.hover()
        page.evaluate(TWO_FRAMES_JS)
    mark = traffic.mark()
    if not page.evaluate(_arm_js(move), move.target):
        raise RuntimeError(f"no element matches {move.target!r}")
    locator.click()
    bench = page.evaluate(SHOWN_JS, MOVE_TIMEOUT_MS)
    if bench is None:
        raise TimeoutError(f"{move.label!r} did not show within {MOVE_TIMEOUT_MS} ms")
    deadline = time.monotonic() + SETTLE_TIMEOUT_S
    while move.settle and not traffic.settled(mark):
        if time.monotonic() > deadline:
            print(f"  warning: kernel did not report idle after {move.label!r}", file=sys.stderr)
            break
        page.wait_for_timeout(2)
    up, down = traffic.bytes_since(mark)
    label = (page.evaluate(move.relabel) if move.relabel else None) or move.label
    return Sample(label, float(bench["t1"] - bench["t0"]), up, down)


def samples_of(
    page: Any, server: harness.JupyterServer, subject: Subject, warmup: int, *,
    pointer_rests: bool = True,
) -> Iterator[Sample]:
    """Open the subject's notebook, run it, then play on: each measured move's sample, after
    ``warmup`` untimed primary moves, until the subject has no next move."""
    name = f"latency-{subject.name}"
    harness.write_notebook(server.root / f"{name}.ipynb", subject.cells())
    # Listen before navigating: Playwright reports only websockets opened after that.
    traffic = KernelTraffic(page)
    harness.open_notebook(page, server, name)
    harness.wait_kernel_ready(page)
    harness.run_all(page)
    harness.wait_cells_done(page)
    page.locator(subject.ready).first.wait_for(state="attached", timeout=30_000)
    problems = harness.output_problems(page)
    if problems:
        raise RuntimeError("the notebook shows errors:\n" + "\n".join(problems))
    skipped = i = 0
    while (move := subject.next_move(page, i)) is not None:
        sample = play_move(page, move, traffic, pointer_rests=pointer_rests)
        i += 1
        if not move.measure:
            continue
        if move.label == subject.primary and skipped < warmup:
            skipped += 1
            continue
        yield sample


def measure_subject(
    page: Any, server: harness.JupyterServer, subject: Subject, moves: int, warmup: int, *,
    pointer_rests: bool = True,
) -> list[Sample]:
    """Open the subject's notebook, run it, play ``warmup`` + ``moves`` timed primary moves."""
    samples: list[Sample] = []
    for sample in samples_of(page, server, subject, warmup, pointer_rests=pointer_rests):
        samples.append(sample)
        if sum(s.label == subject.primary for s in samples) >= moves:
            break
    return samples


def interleaved(
    pages: dict[str, Any], server: harness.JupyterServer, subjects: dict[str, Subject],
    moves: int, warmup: int, *, pointer_rests: bool = True,
) -> dict[str, list[Sample]]:
    """Every subject in its own page, their primary moves taken in turn (``moves`` rounds, the
    order reversed every other round), each page at rest before another page's click: the
    host's drift, which moves a whole run's figures by a third, then weighs on all alike."""
    streams = {name: samples_of(pages[name], server, s, warmup, pointer_rests=pointer_rests)
               for name, s in subjects.items()}
    results: dict[str, list[Sample]] = {name: [] for name in subjects}
    for turn in range(moves):
        order = list(subjects.items())  # who goes first alternates: no page always follows another
        for name, subject in order if turn % 2 == 0 else reversed(order):
            for other, page in pages.items():
                if other != name and results[other]:  # (a page not opened yet is at rest)
                    subjects[other].rest(page)
            for sample in streams[name]:
                results[name].append(sample)
                if sample.label == subject.primary:
                    break
    return results


# --------------------------------------------------------------------------------------------
# Report
# --------------------------------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def summarize(
    results: dict[str, list[Sample]], subjects: dict[str, Subject]
) -> list[dict[str, Any]]:
    rows = []
    base = results.get(BASELINE) or []
    base_ms = [s.ms for s in base if s.label == subjects[BASELINE].primary]
    base_median = statistics.median(base_ms) if base_ms else None
    base_p90 = percentile(base_ms, 90) if base_ms else None
    for name, samples in results.items():
        labels = list(dict.fromkeys(s.label for s in samples))
        labels.sort(key=lambda lab: lab != subjects[name].primary)
        for label in labels:
            group = [s for s in samples if s.label == label]
            ms = [s.ms for s in group]
            med = statistics.median(ms)
            rows.append(
                {
                    "subject": name,
                    "move": label,
                    "n": len(group),
                    "median_ms": med,
                    "p90_ms": percentile(ms, 90),
                    "p95_ms": percentile(ms, 95),
                    "min_ms": min(ms),
                    "max_ms": max(ms),
                    "ratio": med / base_median if base_median else None,
                    "ratio_p90": percentile(ms, 90) / base_p90 if base_p90 else None,
                    "bytes_up": statistics.mean(s.up for s in group),
                    "bytes_down": statistics.mean(s.down for s in group),
                    "samples_ms": [round(x, 2) for x in ms],
                }
            )
    return rows


def print_table(rows: list[dict[str, Any]], kind: str, transport: str) -> None:
    where = "JupyterLab" if kind == "lab" else "Notebook 7"
    print(f"\nclick-to-render latency in {where}, {transport} transport")
    head = (
        "subject", "move", "n", "median ms", "p90 ms", "p95 ms", "max ms", "ratio", "p90 ratio",
        "bytes/move (up+dn)",
    )  # fmt: skip
    table = [head]
    for r in rows:
        ratio = f"{r['ratio']:.2f}x" if r["ratio"] is not None else "-"
        ratio_p90 = f"{r['ratio_p90']:.2f}x" if r["ratio_p90"] is not None else "-"
        total = r["bytes_up"] + r["bytes_down"]
        table.append(
            (
                r["subject"] + (" (baseline)" if r["subject"] == BASELINE else ""),
                r["move"],
                str(r["n"]),
                f"{r['median_ms']:.1f}",
                f"{r['p90_ms']:.1f}",
                f"{r['p95_ms']:.1f}",
                f"{r['max_ms']:.1f}",
                ratio,
                ratio_p90,
                f"{total:,.0f} ({r['bytes_up']:,.0f}+{r['bytes_down']:,.0f})",
            )
        )
    widths = [max(len(row[c]) for row in table) for c in range(len(head))]
    for k, row in enumerate(table):
        cells = [
            cell.ljust(w) if c < 2 else cell.rjust(w)
            for c, (cell, w) in enumerate(zip(row, widths, strict=True))
        ]
        print("  ".join(cells))
        if k == 0:
            print("  ".join("-" * w for w in widths))


TARGET_RATIO = 1.2
"""Issue 28's target: a table's click-to-render at most 1.2x the counter's, median and p90."""


def print_ratios(rows: list[dict[str, Any]]) -> None:
    """One line per subject's move: its median and p90 as multiples of the baseline's, measured
    side by side in this run (the figures to quote), and whether the target is met."""
    print(f"\nratios to the counter (same run; target <= {TARGET_RATIO}x, median and p90):")
    for r in rows:
        if r["subject"] == BASELINE or r["ratio"] is None or r["ratio_p90"] is None:
            continue
        met = r["ratio"] <= TARGET_RATIO and r["ratio_p90"] <= TARGET_RATIO
        print(
            f"  {r['subject']} {r['move']}: {r['ratio']:.2f}x median, {r['ratio_p90']:.2f}x p90"
            f" ({r['median_ms']:.1f} / {r['p90_ms']:.1f} ms) {'met' if met else 'NOT met'}"
        )


# --------------------------------------------------------------------------------------------
# Main
# --------------------------------------------------------------------------------------------


SAID_JS = """() => [...document.querySelectorAll('[data-role="message"]')]
  .map((el) => el.textContent.trim()).filter(Boolean)"""
"""What a table's message line says (a refusal, after a move that did not show)."""


def run(
    names: list[str], *, kind: str, moves: int, warmup: int, transport: str,
    interleave: bool = False, pointer_rests: bool = True,
) -> list[dict[str, Any]]:
    """Measure the subjects (baseline first) on one server, one after another or, with
    ``interleave``, move by move in turn; print and return the table rows."""
    from playwright.sync_api import sync_playwright

    subjects = {name: SUBJECTS[name]() for name in dict.fromkeys([BASELINE, *names])}
    results: dict[str, list[Sample]] = {}
    config = NODELAY_CONFIG if transport == "nodelay" else ""
    print(f"\n== {kind}, transport {transport}: {TRANSPORTS[transport]}"
          + (", moves interleaved" if interleave else "")
          + ("" if pointer_rests else ", the pointer moved with each click"))
    server = harness.JupyterServer(kind, config=config)  # type: ignore[arg-type]
    with server, sync_playwright() as p:
        browser = harness.launch_browser(p)
        try:
            if interleave:
                for name, subject in list(subjects.items()):
                    if subject.unavailable():
                        print(f"{name}: skipped: {subject.unavailable()}")
                        del subjects[name]
                pages = {name: harness.new_page(browser) for name in subjects}
                errors = [harness.PageErrors(page) for page in pages.values()]
                start = time.perf_counter()
                try:
                    results = interleaved(pages, server, subjects, moves, warmup,
                                          pointer_rests=pointer_rests)
                except Exception as exc:
                    shots = [str(harness.screenshot(page, f"latency-{name}-failed"))
                             for name, page in pages.items()]  # fmt: skip
                    print(f"interleaved run failed: {type(exc).__name__}: {exc}\n  {shots}")
                else:
                    problems = [m for e in errors for m in e.messages()]
                    print(f"{', '.join(subjects)}: {moves} timed moves each, in turn, in "
                          f"{time.perf_counter() - start:.1f} s"
                          + (f"; page errors: {problems}" if problems else ""))
                finally:
                    for page in pages.values():
                        page.context.close()
                    server.shutdown_kernels()
                subjects_left: dict[str, Subject] = {}
            else:
                subjects_left = subjects
            for name, subject in subjects_left.items():
                reason = subject.unavailable()
                if reason:
                    print(f"{name}: skipped: {reason}")
                    continue
                page = harness.new_page(browser)
                errors = harness.PageErrors(page)
                start = time.perf_counter()
                try:
                    results[name] = measure_subject(page, server, subject, moves, warmup,
                                                    pointer_rests=pointer_rests)
                except Exception as exc:
                    shot = harness.screenshot(page, f"latency-{name}-failed")
                    said = page.evaluate(SAID_JS)
                    print(f"{name}: failed: {type(exc).__name__}: {exc}\n  screenshot: {shot}"
                          f"\n  the table said: {said}")
                else:
                    problems = errors.messages()
                    print(
                        f"{name}: {len(results[name])} timed moves in "
                        f"{time.perf_counter() - start:.1f} s"
                        + (f"; page errors: {problems}" if problems else "")
                    )
                finally:
                    page.context.close()
                    server.shutdown_kernels()
        finally:
            browser.close()
    rows = summarize(results, subjects)
    for row in rows:
        pointer = "rests" if pointer_rests else "with click"
        row.update(kind=kind, transport=transport, pointer=pointer)
    print_table(rows, kind, transport)
    print_ratios(rows)
    return rows


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("subjects", nargs="*", help=f"any of {', '.join(SUBJECTS)} (default: all)")
    parser.add_argument("--moves", type=int, default=40, help="timed primary moves per subject")
    parser.add_argument("--warmup", type=int, default=5, help="untimed primary moves first")
    parser.add_argument("--kind", choices=("lab", "notebook"), default="lab")
    parser.add_argument(
        "--transport",
        choices=(*TRANSPORTS, "both"),
        default="both",
        help="stock server, TCP_NODELAY on the kernel websocket, or both in turn (default)",
    )
    parser.add_argument(
        "--interleave",
        action="store_true",
        help="take the subjects' moves in turn, each in its own page, every page at rest before"
        " another's click (the host's drift then weighs on all alike)",
    )
    parser.add_argument(
        "--pointer-with-click",
        action="store_true",
        help="move the pointer with the click, as Playwright's click() alone does (the hover's"
        " frame then falls inside the timing; before issue 28's sixth try every run did this)",
    )
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    reason = harness.chromium_missing_reason()
    if reason:
        sys.exit(f"cannot run: {reason}")
    unknown = set(args.subjects) - set(SUBJECTS)
    if unknown:
        parser.error(f"unknown subjects {sorted(unknown)}; known: {', '.join(SUBJECTS)}")
    names = args.subjects or list(SUBJECTS)
    transports = list(TRANSPORTS) if args.transport == "both" else [args.transport]
    rows = []
    for transport in transports:
        rows += run(
            names, kind=args.kind, moves=args.moves, warmup=args.warmup, transport=transport,
            interleave=args.interleave, pointer_rests=not args.pointer_with_click,
        )
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps({"rows": rows}, indent=1))


if __name__ == "__main__":
    main()
