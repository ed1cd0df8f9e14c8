"""What a Stoeptegel table's draw costs the page, message by message: no JupyterLab, no kernel.

    python benchmarks/draw.py [--games 6] [--repeat 3]

``latency.py`` times a click through the whole stack, where the host's noise weighs on every
hop; this times the table's own code in the page alone. Python plays whole four-player games
(seat 0 lays its first playable card while it holds more than three, else passes; greedy bots
answer at once; the games are kept in a temporary data directory, not the learner's history)
and records every sync message the table sends, as ipywidgets would send it. Headless Chromium
then mounts js/stoeptegel.js (bundled by esbuild, with its CSS) on a stand-in for anywidget's
model and replays the messages in order. Each one is timed from its first trait's change event
to the end of the draw it triggers: the table's part of what ``latency.py`` counts of the page,
whose clock also stops at the first mutation observed after the draw, before layout and paint
(ipywidgets' decoding and JupyterLab's own work are not here, so this is a lower bound of the
page's share). After each message the page lays out and runs what the draw left for later (the
frames and the deferred felt), outside the timing.

The figures are medians and p90s (nearest rank, as ``latency.py``), in ms, by what a message
answers: seat 0's play (a play that ends a round counts here too), its pass, the pass that ends
a round (the reveal opens; the new deal under it is drawn after the paint, untimed, as in a
real page), its choice, a bot's move (any: a bot's move that ends a round too). A game's
replays are not independent samples: the p90 is of these games.

Needs node_modules (``npm ci``) and /usr/bin/chromium. Nothing here is asserted: it prints figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
from pathlib import Path
from typing import Any

from _page import bundled, launched
from latency import percentile

from cardtable import StoeptegelWidget

ENTRY = """
import widget from "{root}/js/stoeptegel.js";
const state = {};
const listeners = new Map();
const model = {
  get: (key) => state[key],
  on: (event, fn) => {
    if (!listeners.has(event)) listeners.set(event, new Set());
    listeners.get(event).add(fn);
  },
  off: (event, fn) => { listeners.get(event)?.delete(fn); },
  send: () => {},
};
const frame = () => new Promise((done) => requestAnimationFrame(done));
const frames = async () => { await frame(); await frame(); };
// What a draw leaves for later has run: its frames, and a felt put off until after the paint
// (a round's end) with the snapshot taken in the frame after it.
const settled = async () => {
  await frames();
  await new Promise((done) => setTimeout(done));
  await frames();
};
window.replay = async (initial, messages) => {
  for (const key of Object.keys(state)) delete state[key];
  Object.assign(state, initial);
  listeners.clear();
  const el = document.createElement("div");
  document.body.replaceChildren(el);
  const alive = new AbortController();
  widget.render({ model, el, signal: alive.signal });
  await settled();
  const times = [];
  for (const message of messages) {
    const start = performance.now();
    for (const [key, value] of Object.entries(message)) {
      state[key] = value;
      for (const fn of [...(listeners.get(`change:${key}`) ?? [])]) fn(model, value);
    }
    await Promise.resolve(); // the draw is queued as a microtask: this waits for it
    times.push(performance.now() - start);
    void el.offsetHeight;
    await settled();
  }
  alive.abort();
  return times;
};
"""

PAGE = "http://localhost:9/draw"  # (a secure context: isolation needs one)

KINDS = ("play", "pass", "pass, round ends", "choose", "bot")


def record(seed: int) -> tuple[dict[str, Any], list[tuple[str, dict[str, Any]]]]:
    """One game's initial state and its messages, each labelled with what it answers."""
    table = StoeptegelWidget(players=4, seed=seed, bots="greedy", think=None)
    keys = [name for name in table.keys if name not in ("_esm", "_css")]
    initial = json.loads(json.dumps(table.get_state(keys)))
    sent: list[dict[str, Any]] = []

    def send_state(key: object = None) -> None:
        state = table.get_state(key)
        if state:  # (ipywidgets sends no empty message)
            sent.append(json.loads(json.dumps(state)))

    table.send_state = send_state
    messages: list[tuple[str, dict[str, Any]]] = []
    try:
        while (game := table.game).phase != "over":
            if game.phase == "choose":
                kind, intent = "choose", {"action": "choose", "card": game.hand(0)[0].code}
            elif (plays := game.legal_plays(0)) and len(game.hand(0)) > 3:
                card, row = plays[0]
                kind, intent = "play", {"action": "play", "card": card.code, "row": row}
            else:
                kind, intent = "pass", {"action": "pass"}
            round_now = game.round
            sent.clear()
            table.handle(intent)  # its reply first, then one message per bot's move
            assert "view" in sent[0], "the reply is not the first message: label them anew"
            reply = sent[0]["view"]
            if kind == "pass" and (reply["round"] != round_now or reply["phase"] == "over"):
                kind = "pass, round ends"  # (not when the bots' passes after it end it)
            messages += [(kind if i == 0 else "bot", m) for i, m in enumerate(sent)]
    finally:
        table.close()
    return initial, messages


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games recorded (seeds 0, 1, ...)")
    parser.add_argument("--repeat", type=int, default=3, help="replays of each game")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    times: dict[str, list[float]] = {kind: [] for kind in KINDS}
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        os.environ["CARDTABLE_DATA_DIR"] = tmp  # the finished games are not the learner's
        games = [record(seed) for seed in range(args.games)]
        script = bundled(ENTRY, Path(tmp), minify=True)
        browser = launched(p)
        page = browser.new_page(viewport={"width": 1200, "height": 900})
        # Cross-origin isolated, so that performance.now() counts in microseconds (else 0.1 ms).
        page.route(PAGE, lambda route: route.fulfill(
            body="<!doctype html><html><body></body></html>", content_type="text/html",
            headers={"Cross-Origin-Opener-Policy": "same-origin",
                     "Cross-Origin-Embedder-Policy": "require-corp"}))  # fmt: skip
        page.goto(PAGE)
        assert page.evaluate("crossOriginIsolated"), "the page's clock would be coarse"
        page.add_style_tag(path=str(script.with_name("bundle.css")))
        page.add_script_tag(path=str(script))
        failures: list[Exception] = []
        # A draw that threw would be timed as fast: the run stops instead.
        page.on("pageerror", lambda error: failures.append(error))
        for _ in range(args.repeat):
            for initial, messages in games:
                taken = page.evaluate("([i, m]) => window.replay(i, m)",
                                      [initial, [m for _, m in messages]])  # fmt: skip
                if failures:
                    raise SystemExit(f"the table failed in the page: {failures[0]}")
                for (kind, _), ms in zip(messages, taken, strict=True):
                    times[kind].append(ms)
        browser.close()
    print(f"a Stoeptegel table's draw in headless Chromium, ms from the message to the draw's "
          f"end ({args.games} games, {args.repeat} replays each)")  # fmt: skip
    print(f"{'answering':<18} {'n':>5} {'median':>7} {'p90':>7}")
    for kind in KINDS:
        taken = sorted(times[kind])
        if taken:
            median, p90 = statistics.median(taken), percentile(taken, 90)
            print(f"{kind:<18} {len(taken):>5} {median:>7.2f} {p90:>7.2f}")


if __name__ == "__main__":
    main()
