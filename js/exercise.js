// The exercise bar: the goal, the verdict on the last try, a hint and "Try again". It sits at
// the top of the table's root, whose click handler sends its buttons' intents ("hint",
// "reset"); the kernel judges every try. The root carries data-exercise and
// data-exercise-state, and data-hints="off": no legal-move highlights in an exercise.

import "./exercise.css";
import { h } from "./dom.js";
import { actionButton, withRuleTags } from "./table.js";

/**
 * The synced `exercise` trait.
 * @typedef {{ id: string, title: string, goal: string, rule: string, state: string,
 *   feedback: string, hint: string, progress: string }} Exercise
 */

/**
 * If the widget poses an exercise, put its bar at the top of `root` and follow the model.
 * @param {HTMLElement} root the table's root
 * @param {{ get: (name: string) => unknown, on: Function, off: Function }} model
 * @param {AbortSignal} signal
 * @returns {boolean} whether the table is an exercise
 */
export function exerciseBar(root, model, signal) {
  if (!model.get("exercise")) return false;
  root.dataset.hints = "off";
  const title = h("strong", { class: "ct-ex__title" });
  const progress = h("span", { class: "ct-ex__progress", dataset: { role: "exercise-progress" } });
  const goal = h("p", { class: "ct-ex__goal", dataset: { role: "exercise-goal" } });
  const feedback = h("p", { class: "ct-ex__feedback", dataset: { role: "exercise-feedback" }, role: "status", "aria-live": "polite" });
  const hint = h("p", { class: "ct-ex__hint", dataset: { role: "exercise-hint" }, hidden: true });
  const hintButton = actionButton("ct-ex__button", "hint", "Hint");
  const again = actionButton("ct-ex__button", "reset", "↺ Try again");
  const bar = h("div", { class: "ct-ex" },
    h("div", { class: "ct-ex__head" }, h("span", { class: "ct-ex__tag" }, "Exercise"), title, progress,
      h("span", { class: "ct-ex__buttons" }, hintButton, again)),
    goal, feedback, hint);
  root.prepend(bar);
  const help = () => /** @type {{ help?: [string, string][] }} */ (model.get("notes") || {}).help || [];
  const draw = () => {
    const ex = /** @type {Exercise} */ (model.get("exercise"));
    root.dataset.exercise = ex.id;
    root.dataset.exerciseState = ex.state;
    title.textContent = ex.title;
    progress.textContent = ex.progress;
    withRuleTags(goal, ex.goal, help());
    const said = ex.state === "open" ? "" : `${ex.state === "solved" ? "✓ Right! " : "✗ Not that: "}${ex.feedback}`;
    withRuleTags(feedback, said, help());
    feedback.dataset.kind = ex.state;
    if (said) feedback.animate([{ opacity: 0.2 }, { opacity: 1 }], { duration: 250 });
    hint.hidden = !ex.hint;
    hint.textContent = ex.hint ? `Hint: ${ex.hint}` : "";
    hintButton.disabled = Boolean(ex.hint) || ex.state === "solved";
    again.classList.toggle("ct-button--primary", ex.state === "solved");
  };
  model.on("change:exercise", draw);
  signal.addEventListener("abort", () => model.off("change:exercise", draw), { once: true });
  draw();
  return true;
}
