// @ts-check
// The exercise bar: the goal, the verdict on the last try, a hint and "Try again", the star of
// an exercise solved at the first try, and on a solved table "Next exercise". It sits at the
// top of the table's root, whose click handler sends its buttons' intents ("hint", "reset");
// the kernel judges every try. "Next exercise" only moves the page: it scrolls to the next
// table with data-exercise in the page and focuses it. The root carries data-exercise and
// data-exercise-state, and data-hints="off": no legal-move highlights in an exercise.
//
// In JupyterLite without /drive the kernel has nowhere to keep the progress: it sends it as
// `stored`, which the bar keeps in the browser's localStorage, and on a new kernel sends back
// (a "restore" intent, which the kernel checks like any input).

import "./exercise.css";
import { h } from "./dom.js";
import { actionButton, withRuleTags } from "./table.js";
import { wordsOf } from "./words.js";

const STORAGE_KEY = "cardtable-progress";

/** localStorage, or null where the page may not use it (a sandboxed frame). */
function storage() {
  try { return window.localStorage; } catch { return null; }
}

/**
 * The table after `root` in the page's order that poses an exercise, or null.
 * @param {HTMLElement} root
 */
function nextTable(root) {
  const tables = [...document.querySelectorAll(".ct-table[data-exercise]")];
  return /** @type {HTMLElement | null} */ (tables[tables.indexOf(root) + 1] ?? null);
}

/**
 * The synced `exercise` trait.
 * @typedef {{ id: string, title: string, goal: string, rule: string, state: string,
 *   feedback: string, hint: string, progress: string, star: boolean, warning: string,
 *   stored: string }} Exercise
 */

/**
 * If the widget poses an exercise, put its bar at the top of `root` and follow the model.
 * @param {HTMLElement} root the table's root
 * @param {import("./types.js").Model<import("./types.js").TableTraits>} model
 * @param {AbortSignal} signal
 * @returns {boolean} whether the table is an exercise
 */
export function exerciseBar(root, model, signal) {
  if (!model.get("exercise")) return false;
  const words = wordsOf(model);
  const { say } = words;
  root.dataset.hints = "off";
  const title = h("strong", { class: "ct-ex__title" });
  const progress = h("span", { class: "ct-ex__progress", dataset: { role: "exercise-progress" } });
  const goal = h("p", { class: "ct-ex__goal", dataset: { role: "exercise-goal" } });
  const feedback = h("p", { class: "ct-ex__feedback", dataset: { role: "exercise-feedback" }, role: "status", "aria-live": "polite" });
  const hint = h("p", { class: "ct-ex__hint", dataset: { role: "exercise-hint" } }); // its line kept
  const star = h("span", { class: "ct-ex__star", dataset: { role: "exercise-star" }, hidden: true,
    title: say("solved_first") }, "★");
  const warning = h("p", { class: "ct-ex__warning", dataset: { role: "exercise-warning" }, role: "note", hidden: true });
  const hintButton = actionButton("ct-ex__button", "hint", say("hint_button"));
  const again = actionButton("ct-ex__button", "reset", say("try_again"));
  const next = actionButton("ct-ex__button ct-button--primary", "next", say("next_exercise"), { hidden: true });
  next.addEventListener("click", (event) => {
    event.stopPropagation(); // only the page moves: nothing is sent
    const target = nextTable(root);
    if (!target) { next.textContent = say("last_exercise"); next.disabled = true; return; }
    target.scrollIntoView({ behavior: "smooth", block: "start" });
    target.focus({ preventScroll: true });
  });
  const bar = h("div", { class: "ct-ex" },
    h("div", { class: "ct-ex__head" }, h("span", { class: "ct-ex__tag" }, say("exercise")), title, star, progress,
      h("span", { class: "ct-ex__buttons" }, hintButton, again, next)),
    goal, feedback, hint, warning);
  root.prepend(bar);
  const first = /** @type {Exercise} */ (model.get("exercise"));
  let restoring = false;
  if (first.stored) { // the browser keeps the progress: hand back what it kept
    const kept = storage()?.getItem(STORAGE_KEY);
    if (kept && kept !== first.stored) { restoring = true; model.send({ action: "restore", stored: kept }); }
  }
  const help = () => /** @type {{ help?: [string, string][] }} */ (model.get("notes") || {}).help || [];
  const draw = () => {
    const ex = /** @type {Exercise} */ (model.get("exercise"));
    root.dataset.exercise = ex.id;
    root.dataset.exerciseState = ex.state;
    title.textContent = ex.title;
    progress.textContent = ex.progress;
    withRuleTags(goal, ex.goal, help(), words);
    const said = ex.state === "open" ? "" : say(ex.state === "solved" ? "right" : "wrong", { feedback: ex.feedback });
    withRuleTags(feedback, said, help(), words);
    feedback.dataset.kind = ex.state;
    if (said) feedback.animate([{ opacity: 0.2 }, { opacity: 1 }], { duration: 250 });
    hint.style.visibility = ex.hint ? "" : "hidden";
    hint.textContent = ex.hint ? say("hint_line", { hint: ex.hint }) : "";
    hintButton.disabled = Boolean(ex.hint) || ex.state === "solved";
    star.hidden = !ex.star;
    warning.hidden = !ex.warning;
    warning.textContent = ex.warning || "";
    next.hidden = ex.state !== "solved";
    if (ex.stored && !restoring) storage()?.setItem(STORAGE_KEY, ex.stored);
  };
  const changed = () => { restoring = false; draw(); }; // the kernel has answered since
  model.on("change:exercise", changed);
  signal.addEventListener("abort", () => model.off("change:exercise", changed), { once: true });
  draw();
  return true;
}
