// @ts-check
// The settings panel both tables share: a button that opens it, one choice per setting as the
// kernel offers it (its labels and sentences), and a button that deals with them. The page only
// collects the choices: they travel with the next "new" intent, and the kernel checks them.

import { h } from "./dom.js";
import { withRuleTags } from "./table.js";
import { wordsOf } from "./words.js";

/**
 * @typedef {{ name: string, label: string, value: unknown, choices: [unknown, string][], about: string }} Field
 * @typedef {{ fields?: Field[], title?: string, note?: string, apply?: string }} Offered
 * @typedef {import("./types.js").Model<import("./types.js").TableTraits>} Model
 */

let panels = 0; // ids unique in the page: several tables may share a notebook

/**
 * The settings button (`data-action="settings"`) and its panel, drawn from the `settings` trait.
 * The panel's own button carries `data-action="new"`: the table's click handler sends it with
 * `chosen()`, then calls `close()`. Keys typed in the panel are not the table's shortcuts.
 * @param {Model} model
 * @param {AbortSignal} signal
 * @param {() => [string, string][]} ruleLines each rule in words, for the tags
 * @returns {{ button: HTMLButtonElement, panel: HTMLElement, apply: HTMLButtonElement,
 *   chosen: () => Record<string, unknown>, close: () => void }}
 */
export function settingsPanel(model, signal, ruleLines) {
  const id = `ct-settings-${++panels}`;
  const words = wordsOf(model);
  const button = /** @type {HTMLButtonElement} */ (h("button", {
    class: "ct-button ct-settings-button", type: "button", dataset: { action: "settings" },
    "aria-expanded": "false", "aria-controls": id,
  }, words.say("settings")));
  const form = h("div", { class: "ct-settings__fields" });
  const note = h("p", { class: "ct-settings__note" });
  const apply = /** @type {HTMLButtonElement} */ (h("button", {
    class: "ct-button ct-button--primary ct-settings__apply", type: "button", dataset: { action: "new" },
  }));
  const title = h("div", { class: "ct-settings__title", id: `${id}-title` });
  const panel = h("div", { class: "ct-settings", id, role: "group", "aria-labelledby": `${id}-title`,
    dataset: { role: "settings" }, hidden: true }, title, form, note, apply);
  /** @type {Map<string, { field: Field, select: HTMLSelectElement }>} */
  let selects = new Map();
  /** @type {Map<string, string>} */
  const pending = new Map(); // name -> the choice the player made (JSON), kept across redraws
  let drawn = "";

  function draw() {
    const offered = model.get("settings") || {};
    const fields = offered.fields || [];
    button.hidden = !fields.length;
    if (!fields.length) panel.hidden = true;
    const key = JSON.stringify(offered);
    if (key === drawn) return;
    drawn = key;
    title.textContent = offered.title || "";
    withRuleTags(note, offered.note || "", ruleLines(), words);
    apply.textContent = offered.apply || "";
    selects = new Map();
    form.replaceChildren(...fields.map((field, i) => {
      const own = `${id}-${i}`;
      const select = /** @type {HTMLSelectElement} */ (h("select", { id: own, class: "ct-settings__select",
        dataset: { setting: field.name }, "aria-describedby": `${own}-about` },
      ...field.choices.map(([value, label]) => h("option", { value: JSON.stringify(value) }, label))));
      const now = JSON.stringify(field.value);
      const wanted = pending.get(field.name);
      const offeredNow = field.choices.some(([value]) => JSON.stringify(value) === wanted);
      select.value = wanted !== undefined && offeredNow ? wanted : now;
      select.addEventListener("change", () => pending.set(field.name, select.value));
      selects.set(field.name, { field, select });
      return h("div", { class: "ct-settings__field" },
        h("label", { for: own, class: "ct-settings__label" }, field.label), select,
        withRuleTags(h("p", { class: "ct-settings__about", id: `${own}-about` }), field.about, ruleLines(), words));
    }));
  }

  /** @param {boolean} open */
  function show(open) {
    panel.hidden = !open;
    button.setAttribute("aria-expanded", String(open));
  }

  button.addEventListener("click", (event) => {
    event.stopPropagation(); // nothing to send: only the page changes
    show(panel.hidden);
    if (!panel.hidden) panel.querySelector("select")?.focus({ preventScroll: true }); // it lies by the button
  }, { signal });
  panel.addEventListener("keydown", (event) => {
    event.stopPropagation(); // a "1" or a "D" typed here is not a move
    if (event.key !== "Escape") return;
    show(false);
    button.focus();
  }, { signal });
  model.on("change:settings", draw);
  signal.addEventListener("abort", () => model.off("change:settings", draw), { once: true });
  draw();

  return {
    button,
    panel,
    apply,
    /** The settings the player changed, as the kernel offered them (nothing else). */
    chosen() {
      /** @type {Record<string, unknown>} */
      const out = {};
      for (const [name, { field, select }] of selects) {
        if (select.value !== JSON.stringify(field.value)) out[name] = JSON.parse(select.value);
      }
      return out;
    },
    /** Close the panel after a deal; the focus, if it was inside, goes back to its button. */
    close() {
      pending.clear();
      const inside = panel.contains(document.activeElement);
      show(false);
      if (inside) button.focus({ preventScroll: true });
    },
  };
}
