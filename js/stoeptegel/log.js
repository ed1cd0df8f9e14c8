// @ts-check
// The game log: one line per event of the round (the kernel writes the sentences), keyed by
// the event's index, so a long round costs nothing to redraw.

import { h } from "../dom.js";

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
    if (i < first || i >= last || li.dataset.text !== events[i - first].text) li.remove();
    else kept.set(i, li);
  }
  let next = null;
  for (let k = events.length - 1; k >= 0; k--) { // insert from the end, keeping order
    const i = first + k;
    const e = events[k];
    const existing = kept.get(i);
    if (existing) { next = existing; continue; }
    const li = h("li", {
      class: "ct-st__log-line",
      dataset: { type: e.type, index: i, text: e.text, ...(e.seat !== undefined ? { seat: e.seat } : {}) },
    }, e.text);
    log.insertBefore(li, next);
    next = li;
  }
  if (pinned) requestAnimationFrame(() => { log.scrollTop = log.scrollHeight; });
}

