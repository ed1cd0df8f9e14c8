// @ts-check
// The game log: one line per event of the round (the kernel writes the sentences), keyed by
// the event's index, so a long round costs nothing to redraw.

import { h, place } from "../dom.js";

/** Draw `v`'s log lines into `log` (an <ol>), appending what is new; keep it scrolled down
 * when it was (`pinned`).
 * @param {HTMLElement} log
 * @param {import("../types.js").DrawnView} v
 * @param {boolean} pinned
 */
export function drawLog(log, v, pinned) {
  const events = v.events || [];
  const first = v.events_from;
  const last = first + events.length;
  /** @type {Map<number, Element>} */
  const kept = new Map(); // the lines still right, by index
  for (const li of /** @type {HTMLElement[]} */ ([...log.children])) {
    const i = Number(li.dataset.index);
    if (i >= first && i < last && li.dataset.text === events[i - first].text) kept.set(i, li);
  }
  place(log, events.map((e, k) => kept.get(first + k) ?? h("li", {
    class: "ct-st__log-line",
    dataset: { type: e.type, index: first + k, text: e.text, ...(e.seat !== undefined ? { seat: e.seat } : {}) },
  }, e.text)));
  if (pinned) requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
}

