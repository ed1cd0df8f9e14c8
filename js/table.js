// @ts-check
// The shell both tables share: the root element, buttons, intents out, the model's changes in.
// A table's module builds its own regions inside it; it holds no rules and writes no sentence
// but its button labels (the kernel sends the rest).

import "./table.css";
import { h, lifecycle } from "./dom.js";

/** @typedef {import("./words.js").Words} Words */

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
 * The how-to-play panel: a "?" button that shows or hides the rules the kernel sent (each line
 * with its rule number as a small tag). Only the page changes: nothing is sent.
 * @param {[string, string][]} lines (rule, sentence) pairs
 * @param {Words} words the table's words (js/words.js)
 * @returns {{ button: HTMLElement, panel: HTMLElement }}
 */
export function helpPanel(lines, { say }) {
  const panel = h("div", { class: "ct-help", dataset: { role: "help" }, hidden: true },
    h("ul", {}, ...lines.map(([rule, text]) =>
      h("li", {}, h("span", { class: "ct-rule", title: say("rule_of", { rule }) }, rule), " ", text))));
  const button = h("button", { class: "ct-button ct-help-button", type: "button", dataset: { action: "help" },
    "aria-expanded": "false", title: say("help") }, "?");
  button.addEventListener("click", (event) => {
    event.stopPropagation(); // the table's own click handler never sees it: nothing to send
    panel.hidden = !panel.hidden;
    button.setAttribute("aria-expanded", String(!panel.hidden));
  });
  return { button, panel };
}

const written = new WeakMap(); // element -> the sentence withRuleTags last put in it

/**
 * A rule tag as the kernel writes it in any language: one word and the rules' numbers in
 * brackets, "(rule B9)", "(regel B9)", "(regles B9, B10)" (cardtable/messages.py's `cite.*`).
 * The numbers are the same in every language; the word before them is the table's own.
 */
const RULE_TAG = /\((?:\p{L}+ )([TB]\d+(?:(?:, | \p{L}+ )[TB]\d+)*)\)/u;

/**
 * Put `text` (a sentence from the kernel) into `el`, each "(rule B9)" it cites turned into a
 * small tag whose tooltip is that rule in the player's words (from the how-to-play lines),
 * written in the table's `words`.
 * @param {HTMLElement} el
 * @param {string} text
 * @param {[string, string][]} lines (rule, sentence) pairs
 * @param {Words} words the table's words (js/words.js)
 * @returns {HTMLElement} el
 */
export function withRuleTags(el, text, lines, { say }) {
  // The same sentence again changes nothing: a live region would read it a second time.
  if (written.get(el) === text) return el;
  written.set(el, text);
  const said = new Map(lines);
  const parts = text.split(RULE_TAG);
  el.replaceChildren(...parts.map((part, i) => {
    if (i % 2 === 0) return part;
    const rules = part.split(/, | \p{L}+ /u);
    const title = rules.map((rule) => say("rule_title", { rule, text: said.get(rule) ?? say("see_rules") }));
    return h("span", { class: "ct-rule", title: title.join("\n") },
      say("rule_tag", { count: rules.length, rules: rules.join(", ") }));
  }));
  return el;
}

/**
 * A win's moment: suits burst out of the middle of `parent` and fade (CSS; reduced motion
 * turns it into nothing). Decoration only: hidden from screen readers.
 * @returns {HTMLElement}
 */
export function winBurst() {
  const suits = "♠♥♦♣";
  return h("div", { class: "ct-win", dataset: { role: "win" }, "aria-hidden": "true" },
    ...Array.from({ length: 16 }, (_, i) => h("span", {
      class: `ct-win__bit${i % 4 === 1 || i % 4 === 2 ? " ct-win__bit--red" : ""}`,
      style: `--turn:${i / 16}turn;--delay:${(i % 4) * 70}ms`,
    }, suits[i % 4])));
}

/**
 * Colour the cards by suit when the kernel says so (`four_color`), now and on every change.
 * @param {HTMLElement} root
 * @param {import("./types.js").Model<import("./types.js").TableTraits>} model
 * @param {AbortSignal} signal
 */
export function fourColour(root, model, signal) {
  const apply = () => root.classList.toggle("ct-four-color", Boolean(model.get("four_color")));
  apply();
  model.on("change:four_color", apply);
  signal.addEventListener("abort", () => model.off("change:four_color", apply), { once: true });
}

/**
 * Tell the kernel the page's languages, once per view (renderLive does): JupyterLab's language pack sets
 * `<html lang>`, the browser knows the reader's own. A table given no `lang=` follows them.
 * @param {import("./types.js").Model<import("./types.js").TableTraits>} model
 */
export function reportLanguage(model) {
  model.send({ action: "page_lang", langs: [document.documentElement.lang, ...navigator.languages].filter(Boolean) });
}

/**
 * A table's `render` for anywidget that draws it with `mount` and, when its language changes
 * (`table.lang = "ca"`: Python sends the words and the rules anew), draws it again from
 * scratch, so that every label, tooltip and rule is written in the new language.
 * @template {import("./types.js").TableTraits} T
 * @param {(props: { model: import("./types.js").Model<T>, el: HTMLElement, signal: AbortSignal }) => void} mount
 * @returns {(props: import("./types.js").RenderProps<T>) => () => void}
 */
export function renderLive(mount) {
  return ({ model, el, signal }) => {
    const { signal: alive, cleanup } = lifecycle(signal);
    /** @type {AbortController | null} */
    let drawn = null;
    let drawnWords = "";
    const draw = () => {
      drawnWords = JSON.stringify((model.get("notes") || {}).words ?? null);
      // The panels the player opened (the help, the settings) stay open in the new language,
      // and the focus stays where it was: outside the table, or on the same control in it.
      const opened = [...el.querySelectorAll('[data-action][aria-expanded="true"]')]
        .map((button) => /** @type {HTMLElement} */ (button).dataset.action);
      const active = document.activeElement;
      const inside = active instanceof HTMLElement && el.contains(active) ? active.dataset.action ?? null : undefined;
      drawn?.abort();
      drawn = new AbortController();
      mount({ model, el, signal: drawn.signal });
      for (const action of opened)
        /** @type {HTMLElement | null} */ (el.querySelector(`[data-action="${action}"][aria-expanded="false"]`))?.click();
      const back = inside === undefined ? active : inside && el.querySelector(`[data-action="${inside}"]`);
      if (back instanceof HTMLElement && back !== document.body) back.focus({ preventScroll: true });
    };
    alive.addEventListener("abort", () => drawn?.abort(), { once: true });
    redrawOn(/** @type {import("./types.js").Model<{}>} */ (model), ["lang"], draw, alive);
    // The new words may come in notes that follow the lang change in a message of their own
    // (a notebook seat's language is its own; its words come back from the server): drawn
    // again only when the words themselves changed.
    const wordsNow = () => JSON.stringify((model.get("notes") || {}).words ?? null);
    redrawOn(/** @type {import("./types.js").Model<{}>} */ (model), ["notes"], () => {
      if (wordsNow() !== drawnWords) draw();
    }, alive);
    draw();
    reportLanguage(model); // once per view; a table given no lang= follows it
    return cleanup;
  };
}

/**
 * Send an intent with the version of the state it was made on (a stale click is refused).
 * @param {import("./types.js").Model<import("./types.js").TableTraits>} model
 */
export function sender(model) {
  return (/** @type {string} */ action, extra = {}) =>
    model.send({ action, ...extra, version: model.get("version") });
}

/**
 * Call `draw` once after the model changes, however many traits one sync message changed
 * (anywidget fires one event per trait), until `signal` aborts.
 * @param {import("./types.js").Model<{}>} model
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

/**
 * @typedef {{ acted: () => void, drawing: () => void,
 *   settle: (next: () => (HTMLElement | null | undefined), over?: boolean) => void,
 *   opened: (panel: HTMLElement, wasHidden: boolean, selector: string) => void }} FocusKeeper
 */

/**
 * Keep the keyboard on the table: when the player acts from inside it (a key, a click) and the
 * element that had the focus goes away with the move (a played card), the next draw puts the
 * focus on `next()` (the next sensible card), or the root. The same when any draw (a bot's
 * move that ends the round) takes away the element that had the focus: it would fall to the
 * page. Only the player's own actions, or a focus that was on the table, do this, and only
 * until the focus lands or the player moves it elsewhere, so a bot's move never pulls the
 * focus back from another cell. `settle(next, true)` moves the focus to `next()` even from
 * a control still shown; `opened(panel, wasHidden, selector)` does so for a panel this draw
 * opened over the table (its button, `selector`, is the next step). Call `drawing()` first in
 * each draw.
 * @param {HTMLElement} root
 * @param {AbortSignal} signal
 * @returns {FocusKeeper}
 */
export function focusKeeper(root, signal) {
  let pending = false;
  let since = 0;
  let held = false; // the focus was on the table when this draw began
  root.addEventListener("focusout", (event) => {
    const to = /** @type {Node | null} */ (event.relatedTarget);
    if (to && !root.contains(to)) pending = false; // the player went elsewhere
  }, { signal });
  /** @type {FocusKeeper} */
  const keeper = {
    acted() {
      if (root.contains(document.activeElement)) { pending = true; since = Date.now(); }
    },
    drawing() {
      held = root.contains(document.activeElement);
    },
    settle(next, over = false) {
      if (!pending && !held) return;
      const acted = pending;
      // In the next frame, not in the middle of the draw: asking what is shown, and moving the
      // focus, would force a layout before the new state is even painted.
      requestAnimationFrame(() => {
        if (signal.aborted || (acted && !pending)) return;
        if (acted && Date.now() - since > 5000) { pending = false; return; } // too late to be the answer
        const active = document.activeElement;
        const onTable = active !== null && root.contains(active);
        if (!onTable && active && active !== document.body) return; // the player is elsewhere
        if (onTable && active !== root && isShown(/** @type {Element} */ (active)) && !over) return;
        const target = next() || root;
        // A panel closed since this was asked (its button is hidden): a later settle decides.
        if (target !== root && !isShown(target)) return;
        pending = false;
        if (target !== active) target.focus({ preventScroll: true });
      });
    },
    opened(panel, wasHidden, selector) {
      if (wasHidden && !panel.hidden) keeper.settle(() => /** @type {HTMLElement | null} */ (panel.querySelector(selector)), true);
    },
  };
  return keeper;
}

/** Can `el` hold the focus (not hidden, not a played card)? */
function isShown(/** @type {Element} */ el) {
  return el instanceof HTMLElement && el.offsetParent !== null && el.dataset.state !== "gone";
}
