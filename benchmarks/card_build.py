"""What a card's DOM costs the page: built node by node, or copied from the first of its look.

    python benchmarks/card_build.py [--cards 400] [--repeat 15]

Every new card on a table (a card laid on a row, a flight's ghost, a round's revealed
stoeptegels, a new hand) is a small tree of some eight nodes (js/cards.js). Until issue 28's
last session each was built with ``h()`` node by node; now ``cardElement`` builds the first card
of each look and hands out deep copies (``cloneNode``). This bundles js/cards.js with esbuild,
loads it in headless Chromium and times both ways on the same codes: "built" is
``paintCard(h(...))``, the old body of ``cardElement`` (and still how a look's first card is
made); "copied" is ``cardElement`` itself. Each figure is the median of ``--repeat`` batches of
``--cards`` cards, in microseconds a card; "+ layout" also inserts the batch and lays it out.

Needs node_modules (``npm ci``) and /usr/bin/chromium. Nothing here is asserted: it prints figures.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from _page import bundled, launched

ENTRY = """
import { cardElement, paintCard } from "{root}/js/cards.js";
import { h } from "{root}/js/dom.js";
const words = { say: (key) => key, lookUp: (table, key, fallback) => fallback };
const codes = ["AS", "TH", "KD", "QC", "7S", "2H", "JD", "9C", "5S", "JK"];
const host = document.createElement("div");
document.body.append(host);
const ways = {
  built: (code) => paintCard(h("div", { class: "ct-card" }), code, words),
  copied: (code) => cardElement(code, words),
};
function batch(make, n, layout) {
  const t = performance.now();
  const nodes = document.createDocumentFragment();
  for (let i = 0; i < n; i++) nodes.append(make(codes[i % codes.length]));
  if (layout) { host.replaceChildren(nodes); void host.offsetHeight; }
  return ((performance.now() - t) / n) * 1000;
}
window.timeCards = (n, repeat) => {
  const median = (xs) => xs.sort((a, b) => a - b)[xs.length >> 1];
  const out = {};
  for (const layout of [false, true]) {
    const times = { built: [], copied: [] };
    for (let k = 0; k < repeat; k++)
      for (const way in ways) times[way].push(batch(ways[way], n, layout));
    for (const way in ways) out[`${way}${layout ? " + layout" : ""}`] = median(times[way]);
  }
  return out;
};
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=400, help="cards a batch")
    parser.add_argument("--repeat", type=int, default=15, help="batches a way")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        script = bundled(ENTRY, Path(tmp))
        browser = launched(p)
        page = browser.new_page()
        page.set_content("<!doctype html><html><body></body></html>")
        page.add_script_tag(path=str(script))
        figures = page.evaluate("([n, repeat]) => window.timeCards(n, repeat)",
                                [args.cards, args.repeat])  # fmt: skip
        browser.close()
    print(f"a card's DOM, µs a card (median of {args.repeat} batches of {args.cards})")
    for plain in ("", " + layout"):
        built, copied = figures[f"built{plain}"], figures[f"copied{plain}"]
        print(f"  built{plain:9s} {built:6.1f}   copied{plain:9s} {copied:6.1f}"
              f"   ratio {copied / built:.2f}x")  # fmt: skip


if __name__ == "__main__":
    main()
