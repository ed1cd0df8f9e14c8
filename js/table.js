// The shell both tables share: the root element, buttons, intents out, the model's changes in.
// A table's module builds its own regions inside it; it holds no rules and writes no sentence
// but its button labels (the kernel sends the rest).

import "./table.css";
import { h } from "./dom.js";

/**
 * The table's root: focusable (keys typed in it are not notebook shortcuts), with the shared
 * `ct-table` class beside the table's own.
 * @param {string} className the table's scoped class, e.g. "cardtable-tripeaks"
 * @param {...(Node | null | undefined)} children
 */
export function tableRoot(className, ...children) {
  return h("div", {
    class: `ct-table ${className}`,
    tabindex: -1,
    "data-lm-suppress-shortcuts": "true",
  }, ...children);
}

/**
 * A button that sends `action` when clicked (the table's click handler reads `data-action`).
 * @param {string} className the table's own button class
 * @param {string} action
 * @param {string} label
 * @param {Record<string, unknown>} [attrs]
 */
export function actionButton(className, action, label, attrs = {}) {
  return h("button", { class: `ct-button ${className}`, type: "button", dataset: { action }, ...attrs }, label);
}

/**
 * Send an intent with the version of the state it was made on (a stale click is refused).
 * @param {{ send: (content: object) => void, get: (name: string) => unknown }} model
 */
export function sender(model) {
  return (/** @type {string} */ action, extra = {}) =>
    model.send({ action, ...extra, version: model.get("version") });
}

/**
 * Call `draw` once after the model changes, however many traits one sync message changed
 * (anywidget fires one event per trait), until `signal` aborts.
 * @param {{ on: Function, off: Function }} model
 * @param {string[]} traits
 * @param {() => void} draw
 * @param {AbortSignal} signal
 */
export function redrawOn(model, traits, draw, signal) {
  let queued = false;
  const request = () => {
    if (queued) return;
    queued = true;
    queueMicrotask(() => { queued = false; if (!signal.aborted) draw(); });
  };
  for (const trait of traits) {
    model.on(`change:${trait}`, request);
    signal.addEventListener("abort", () => model.off(`change:${trait}`, request), { once: true });
  }
}
