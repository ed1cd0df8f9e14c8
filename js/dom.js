// @ts-check
// Small DOM helpers shared by both tables.

/**
 * Create an element: h("div", { class: "x", dataset: { role: "stock" } }, child, "text").
 * Attributes whose value is null/false are left out.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any>} [attrs]
 * @param {...(Node | string | null | undefined)} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "dataset") Object.assign(el.dataset, value);
    else if (key === "class") el.className = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  el.append(...children.filter((c) => c !== null && c !== undefined));
  return el;
}

/**
 * Set or remove a data-* attribute: undefined/null/false removes it. An unchanged one is left
 * alone (see `setAttr`).
 * @param {HTMLElement} el
 * @param {string} name
 * @param {unknown} value
 */
export function setData(el, name, value) {
  if (value === null || value === undefined || value === false) {
    if (name in el.dataset) delete el.dataset[name];
  } else if (el.dataset[name] !== String(value)) el.dataset[name] = String(value);
}

/**
 * Set an attribute only if it differs: an unchanged value then costs the page nothing (no
 * mutation, no style invalidation, nothing for a screen reader to read again).
 * @param {Element} el
 * @param {string} name
 * @param {string} value
 */
export function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

/**
 * Set a boolean property (`hidden`, `disabled`) only if it differs (see `setAttr`).
 * @param {HTMLElement & { disabled?: boolean }} el
 * @param {"hidden" | "disabled"} name
 * @param {boolean} value
 */
export function setProp(el, name, value) {
  if (el[name] !== value) el[name] = value;
}

/**
 * Set an element's text only if it differs (see `setAttr`).
 * @param {Node} el
 * @param {string} text
 */
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

/**
 * Set a custom property of an element's inline style only if it differs (see `setAttr`).
 * @param {HTMLElement} el
 * @param {`--${string}`} name
 * @param {string} value
 */
export function setStyle(el, name, value) {
  if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
}

/**
 * Make `nodes` (each once) the children of `parent`, in order: a node already in its place
 * stays, which is every kept node when new ones are only added or removed (a moved or
 * re-inserted node is styled and laid out anew). The nodes that leave go first, so the
 * others keep their places.
 * @param {Element} parent
 * @param {Node[]} nodes
 */
export function place(parent, nodes) {
  const wanted = new Set(nodes);
  const leaving = [...parent.childNodes].filter((child) => !wanted.has(child));
  // Nothing kept (a new round's log, rows and hand): one mutation, not one per child leaving
  // (each removal of a node in the page costs Chrome as much as building a card).
  if (leaving.length === parent.childNodes.length) {
    parent.replaceChildren(...nodes);
    return;
  }
  for (const child of leaving) child.remove();
  nodes.forEach((node, k) => {
    if (parent.childNodes[k] !== node) parent.insertBefore(node, parent.childNodes[k] ?? null);
  });
}

/**
 * Listen to a model event until `signal` aborts (anywidget 0.11 lifecycle).
 * @param {import("./types.js").Model<{}>} model
 * @param {string} event
 * @param {(...args: any[]) => void} callback
 * @param {AbortSignal} signal
 */
export function onModel(model, event, callback, signal) {
  model.on(event, callback);
  signal.addEventListener("abort", () => model.off(event, callback), { once: true });
}

/**
 * A short-lived element (a "+3" pop, a call-out) removed when its animation ends.
 * @param {HTMLElement} parent
 * @param {HTMLElement} el
 */
export function flash(parent, el, fallbackMs = 1600) {
  parent.append(el);
  const remove = () => el.remove();
  el.addEventListener("animationend", remove, { once: true });
  setTimeout(remove, fallbackMs);
  return el;
}

/**
 * An AbortSignal for anywidget < 0.11 (no `signal` given): aborted by the returned cleanup.
 * @param {AbortSignal} [signal]
 */
export function lifecycle(signal) {
  if (signal) return { signal, cleanup: () => {} };
  const controller = new AbortController();
  return { signal: controller.signal, cleanup: () => controller.abort() };
}

/**
 * Replace `el`'s children, leaving out null/undefined/false ones (like `h`).
 * @param {HTMLElement} el
 * @param {...(Node | string | null | undefined | false)} children
 */
export function fill(el, ...children) {
  el.replaceChildren(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return el;
}

/**
 * The element at or above an event's target that matches `selector`, or null.
 * @param {EventTarget | null} target an element (the target of a DOM event on the table)
 * @param {string} selector
 * @returns {HTMLElement | null}
 */
export function closest(target, selector) {
  return /** @type {Element} */ (target).closest(selector);
}

/**
 * Let tests and users' automation read what the model holds, from the table's root element:
 * `root.cardtableState()` returns every synced trait but the module source. It exposes nothing
 * new: the browser already holds this state.
 * @template {object} T
 * @param {HTMLElement & { cardtableState?: () => object }} root
 * @param {import("./types.js").Model<T>} model
 * @param {(keyof T & string)[]} names
 */
export function exposeState(root, model, names) {
  root.cardtableState = () => Object.fromEntries(names.map((name) => [name, model.get(name)]));
}
