// @ts-check
// The review of a finished game: a timeline over its moves, stepped with ←/→, the slider or a
// click on a step. The kernel sends every step (the table as the player saw it, and its
// sentence); this module only draws them and sends nothing but the intent that asked for it.

import { h } from "./dom.js";
import { cardElement, paintCard } from "./cards.js";
import { wordsOf } from "./words.js";

/** @typedef {import("./words.js").Words} Words */
import "./review.css";

/**
 * @typedef {{ loss?: number, flagged?: boolean, text: string }} Step
 * @typedef {{ el: HTMLElement, show: (steps: Step[], mistakes: number[]) => void,
 *   go: (step: number) => void, at: () => number }} Timeline
 */

/**
 * The timeline: one tick per step (`data-step`, the first mistake `data-mistake`), a slider,
 * ← and → buttons, the step's sentence. `onStep(i)` draws step `i`. Keys: ←/→ step, Home/End.
 * @param {(step: number) => void} onStep
 * @param {Words} words the table's words
 * @returns {Timeline}
 */
export function timeline(onStep, { say }) {
  const ticks = h("div", { class: "ct-review__ticks", dataset: { role: "timeline", step: "0", steps: "0" } });
  const slider = /** @type {HTMLInputElement} */ (h("input", { class: "ct-review__slider", type: "range", min: 0,
    max: 0, value: 0, dataset: { role: "slider" }, "aria-label": say("review_step") }));
  const back = h("button", { class: "ct-button ct-review__nav", type: "button", dataset: { nav: "back" }, title: say("previous_move") }, "←");
  const forward = h("button", { class: "ct-button ct-review__nav", type: "button", dataset: { nav: "forward" }, title: say("next_move") }, "→");
  const said = h("p", { class: "ct-review__step", dataset: { role: "review-step" }, "aria-live": "polite" });
  const el = h("div", { class: "ct-review__timeline" }, h("div", { class: "ct-review__bar" }, back, slider, forward), ticks, said);
  /** @type {Step[]} */
  let steps = [];
  let at = 0;

  /** @param {number} step */
  function go(step) {
    if (!steps.length) return;
    at = Math.max(0, Math.min(steps.length - 1, step));
    ticks.dataset.step = String(at);
    slider.value = String(at);
    for (const tick of /** @type {HTMLElement[]} */ ([...ticks.children])) {
      tick.toggleAttribute("aria-current", Number(tick.dataset.step) === at);
    }
    said.textContent = steps[at].text;
    /** @type {HTMLButtonElement} */ (back).disabled = at === 0;
    /** @type {HTMLButtonElement} */ (forward).disabled = at === steps.length - 1;
    onStep(at);
  }

  el.addEventListener("click", (/** @type {MouseEvent} */ event) => {
    const target = /** @type {HTMLElement} */ (event.target);
    const nav = /** @type {HTMLElement | null} */ (target.closest("[data-nav]"));
    const tick = /** @type {HTMLElement | null} */ (target.closest("[data-step]"));
    if (nav) go(at + (nav.dataset.nav === "back" ? -1 : 1));
    else if (tick && tick !== ticks) go(Number(tick.dataset.step));
  });
  slider.addEventListener("input", () => go(Number(slider.value)));
  return {
    el,
    go,
    at: () => at,
    show(next, mistakes) {
      steps = next;
      ticks.dataset.steps = String(steps.length);
      slider.max = String(Math.max(0, steps.length - 1));
      ticks.replaceChildren(...steps.map((step, i) => h("button", {
        class: "ct-review__tick", type: "button", title: step.text,
        dataset: { step: String(i), ...(mistakes.includes(i) ? { mistake: "true" } : {}),
          ...(step.loss || step.flagged ? { loss: "true" } : {}) },
      }, String(i + 1))));
    },
  };
}

/**
 * Step with the keyboard while the focus is in `panel`: ←/→ one step, Home/End to the ends.
 * The table's own keys (draw, hint, undo…) never fire from inside the review.
 * @param {HTMLElement} panel
 * @param {Timeline} line
 * @param {AbortSignal} signal
 */
export function reviewKeys(panel, line, signal) {
  panel.addEventListener("keydown", (event) => {
    const moves = /** @type {Record<string, number>} */ ({ ArrowLeft: -1, ArrowRight: 1 });
    if (event.key in moves) line.go(line.at() + moves[event.key]);
    else if (event.key === "Home") line.go(0);
    else if (event.key === "End") line.go(Number.MAX_SAFE_INTEGER);
    else if (event.key !== "Escape") { event.stopPropagation(); return; }
    event.preventDefault();
    event.stopPropagation();
  }, { signal });
}

/**
 * What both review panels share: Review (clicked anywhere in the table) opens the panel at
 * its first mistake, Close closes it, the keys step it, and the model's `review` redraws it —
 * a new game, or a hot-seat hand-over, empties it and closes the panel. `show(open)` draws.
 * @param {HTMLElement} root
 * @param {HTMLElement} panel
 * @param {Timeline} line
 * @param {any} model
 * @param {AbortSignal} signal
 * @param {(open: boolean) => void} show
 */
function wirePanel(root, panel, line, model, signal, show) {
  let open = false;
  let focusIt = false; // the keyboard goes to the panel once it shows (←/→ then step)
  const set = (/** @type {boolean} */ next) => {
    open = next;
    show(open);
    if (focusIt && !panel.hidden) { focusIt = false; panel.focus({ preventScroll: true }); }
  };
  root.addEventListener("click", (event) => {
    if (!/** @type {HTMLElement} */ (event.target).closest("[data-action='review']")) return;
    line.el.dataset.shown = "false";
    focusIt = true;
    set(true);
  }, { signal });
  panel.addEventListener("click", (event) => {
    event.stopPropagation(); // nothing in the review is an intent
    if (!/** @type {HTMLElement} */ (event.target).closest("[data-nav='close']")) return;
    set(false);
    root.focus({ preventScroll: true });
  }, { signal });
  reviewKeys(panel, line, signal);
  const changed = () => {
    const review = model.get("review") || {};
    set(open && Boolean(review.steps || review.pending));
  };
  model.on("change:review", changed);
  signal.addEventListener("abort", () => model.off("change:review", changed), { once: true });
  set(Boolean((model.get("review") || {}).steps)); // cardtable.review(record) opens at it
}

/**
 * The Tri-Peaks review panel, in place of the felt while it is open: the tableau, stock and
 * waste of the step (from the engine's view: face-down cards stay face down), the move played
 * there and the better one marked, and the timeline. It opens when Review is clicked and
 * shows the kernel's pending sentence until the review arrives.
 * @param {HTMLElement} root
 * @param {import("./types.js").Model<import("./types.js").TriPeaksTraits>} model
 * @param {AbortSignal} signal
 * @param {{ x: number[], row: number[] }} geometry
 */
export function tripeaksReview(root, model, signal, geometry) {
  const words = wordsOf(model);
  const { say } = words;
  const slots = geometry.x.map((x, p) => h("div", { class: "ct-tp__slot", dataset: { at: String(p), row: String(geometry.row[p]) },
    style: `--x:${x};--row:${geometry.row[p]};z-index:${geometry.row[p] + 1}` }, cardElement(null, words)));
  const stockCard = cardElement(null, words);
  const stock = h("div", { class: "ct-tp__pile ct-review__stock", dataset: { role: "review-stock" } }, stockCard,
    h("span", { class: "ct-tp__count" }));
  const wasteCard = cardElement(null, words);
  const waste = h("div", { class: "ct-tp__pile", dataset: { role: "review-waste" } }, wasteCard);
  const score = h("span", { class: "ct-review__score", dataset: { role: "review-score" } });
  const headline = h("p", { class: "ct-review__headline", dataset: { role: "review-text" } });
  const close = h("button", { class: "ct-button ct-tp__button", type: "button", dataset: { nav: "close" } }, say("close_review"));
  const line = timeline(drawStep, words);
  const felt = h("div", { class: "ct-tp__felt ct-review__felt" }, h("div", { class: "ct-tp__tableau" }, ...slots),
    h("div", { class: "ct-tp__piles" }, stock, waste, score));
  const panel = h("section", { class: "ct-review", dataset: { role: "review" }, tabindex: -1, hidden: true,
    "aria-label": say("review") }, h("div", { class: "ct-review__head" }, h("strong", {}, say("review")), headline, close), felt, line.el);
  root.querySelector(".ct-tp__felt")?.after(panel);
  let open = false;

  /** @param {number} i */
  function drawStep(i) {
    const step = (model.get("review").steps || [])[i];
    if (!step) return;
    step.tableau.forEach((slot, p) => {
      const node = slots[p];
      node.dataset.state = slot == null ? "gone" : slot.face_up ? "up" : "down";
      if (slot != null) paintCard(/** @type {HTMLElement} */ (node.firstChild), slot.face_up ? slot.card : null, words);
      node.toggleAttribute("data-played", step.played === p);
      node.toggleAttribute("data-better", step.better === p);
    });
    paintCard(wasteCard, step.waste, words);
    stock.lastChild && (stock.lastChild.textContent = String(step.stock_count));
    stockCard.style.visibility = step.stock_count ? "" : "hidden";
    stock.toggleAttribute("data-played", step.played === "draw");
    stock.toggleAttribute("data-better", step.better === "draw");
    score.textContent = say("review_score", { score: step.score });
    panel.dataset.atMistake = String(model.get("review").mistake === i);
  }

  function drawReview() {
    const review = model.get("review") || {};
    const shown = open && Boolean(review.steps || review.pending); // a refusal leaves the table
    panel.hidden = !shown;
    root.dataset.reviewing = String(shown);
    if (!shown) return;
    panel.dataset.pending = String(Boolean(review.pending));
    headline.textContent = review.text || "";
    felt.hidden = !review.steps;
    line.el.hidden = !review.steps;
    if (!review.steps) return;
    const mistakes = review.mistake == null ? [] : [review.mistake];
    if (line.el.dataset.shown !== "true") {
      line.show(review.steps, mistakes);
      line.el.dataset.shown = "true";
      line.go(review.mistake ?? 0); // it opens where the game was lost
    }
  }

  wirePanel(root, panel, line, model, signal, (shown) => { open = shown; drawReview(); });
}

/**
 * Save the record the kernel sends (`{"type": "download", name, text}`) as a file.
 * @param {any} model
 * @param {AbortSignal} signal
 */
export function recordDownloads(model, signal) {
  /** @param {any} message */
  const save = (message) => {
    if (!message || message.type !== "download") return;
    const url = URL.createObjectURL(new Blob([String(message.text)], { type: "application/json" }));
    const link = h("a", { href: url, download: String(message.name) });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10000);
  };
  model.on("msg:custom", save);
  signal.addEventListener("abort", () => model.off("msg:custom", save), { once: true });
}

/**
 * The end screen's own buttons: Review and Download record (their own container, beside the
 * table's other end-screen actions).
 * @param {string} className the table's button class
 * @param {Words} words the table's words (js/words.js)
 */
export function endActions(className, { say }) {
  return h("span", { class: "ct-review__actions", dataset: { role: "review-actions" } },
    h("button", { class: `ct-button ${className}`, type: "button", dataset: { action: "review" },
      title: say("review_title") }, say("review")),
    h("button", { class: `ct-button ${className}`, type: "button", dataset: { action: "download" },
      title: say("record_title") }, say("download")));
}

/**
 * The Stoeptegel review panel, over the felt while it is open: a progress bar while the bots'
 * worker weighs the seat's decisions, then the timeline over them — the rows and the hand as
 * that seat saw them before each decision, what it did, and the flagged ones marked.
 * @param {HTMLElement} root
 * @param {HTMLElement} felt
 * @param {import("./types.js").Model<import("./types.js").StoeptegelTraits>} model
 * @param {AbortSignal} signal
 */
export function stoeptegelReview(root, felt, model, signal) {
  const words = wordsOf(model);
  const { say } = words;
  const headline = h("p", { class: "ct-review__headline", dataset: { role: "review-text" } });
  const progress = /** @type {HTMLProgressElement} */ (h("progress", { class: "ct-review__progress",
    dataset: { role: "review-progress" }, max: 1, value: 0 }));
  const close = h("button", { class: "ct-button ct-st__button", type: "button", dataset: { nav: "close" } }, say("close_review"));
  const rowsEl = h("div", { class: "ct-review__rows", dataset: { role: "review-rows" } });
  const handEl = h("div", { class: "ct-review__hand", dataset: { role: "review-hand" } });
  const line = timeline(drawStep, words);
  const body = h("div", { class: "ct-review__body" }, rowsEl, handEl);
  const panel = h("section", { class: "ct-st__overlay ct-st__overlay--opaque ct-review ct-review--st", dataset: { role: "review" },
    tabindex: -1, hidden: true, "aria-label": say("review") },
  h("div", { class: "ct-st__panel ct-review__panel" },
    h("div", { class: "ct-review__head" }, h("strong", {}, say("review")), headline, close), progress, body, line.el));
  felt.append(panel);
  let open = false;

  /**
   * The step's cards; the one played ringed, the better move's card glowing (a joker is
   * marked once: the two look alike).
   * @param {string[]} codes
   * @param {import("./types.js").StoeptegelStep} step
   */
  const cards = (codes, step) => {
    const marks = { played: step.played, better: step.better };
    return codes.map((code) => {
      const mark = Object.entries(marks).filter(([, c]) => c === code).map(([name]) => name);
      for (const name of mark) marks[/** @type {"played" | "better"} */ (name)] = null;
      return h("div", { class: "ct-review__card", dataset: { card: code, ...Object.fromEntries(mark.map((m) => [m, "true"])) } },
        cardElement(code, words));
    });
  };

  /** @param {number} i */
  function drawStep(i) {
    const step = ((model.get("review") || {}).steps || [])[i];
    if (!step) return;
    rowsEl.replaceChildren(...step.rows.map((row, r) =>
      h("div", { class: "ct-review__row", dataset: { reviewRow: String(r) } },
        h("span", { class: "ct-review__label" }, say("review_row", { row: r + 1 })), ...cards(row.cards, step))));
    handEl.replaceChildren(h("span", { class: "ct-review__label" }, say("review_hand")), ...cards(step.hand, step),
      ...(step.stoeptegel ? [h("span", { class: "ct-review__label" }, say("review_stoeptegel")), ...cards([step.stoeptegel], step)] : []));
  }

  function drawReview() {
    const review = model.get("review") || {};
    const shown = open && Boolean(review.steps || review.pending);
    panel.hidden = !shown;
    if (!shown) return;
    panel.dataset.pending = String(Boolean(review.pending));
    headline.textContent = review.text || "";
    progress.hidden = !review.pending;
    progress.max = Math.max(1, review.total || 1);
    progress.value = review.done || 0;
    body.hidden = line.el.hidden = !review.steps;
    if (!review.steps) { line.el.dataset.shown = "false"; return; }
    if (line.el.dataset.shown !== "true") {
      line.show(review.steps, review.mistakes || []);
      line.el.dataset.shown = "true";
      line.go(review.steps.length ? (review.mistakes || [])[0] ?? 0 : 0);
    }
  }

  wirePanel(root, panel, line, model, signal, (shown) => { open = shown; drawReview(); });
}
