// @ts-check
// Your side of the table: the hand, fanned (a card some row takes now is marked playable, from
// the view's legal list), and your secrets: the stoeptegel you own and the one you gave.

import { cardElement, cardSpoken } from "../cards.js";
import { fill, h, place, setAttr, setData, setStyle } from "../dom.js";

/** Draw `v.hand` into `hand`, keeping each card's node (and its focus); `selected` is the
 * picked card's code, or null.
 * @param {HTMLElement} hand
 * @param {import("../types.js").DrawnView} v
 * @param {import("../types.js").Code | null} selected
 * @param {import("../words.js").Words} words the table's words
 */
export function drawHand(hand, v, selected, words) {
  // The hand, fanned. A card some row takes now is marked playable (from the view's legal list).
  const mid = (v.hand.length - 1) / 2;
  // Keyed by code and occurrence (a hand can hold both jokers), so a focused card keeps focus.
  const kept = new Map(/** @type {HTMLElement[]} */ ([...hand.children]).map((node) => [node.dataset.key, node]));
  /** @type {Record<string, number>} */
  const seenCodes = {};
  const keys = v.hand.map((code) => `${code}#${(seenCodes[code] = (seenCodes[code] ?? -1) + 1)}`);
  place(hand, v.hand.map((code, i) => {
    const key = keys[i];
    const node = kept.get(key)
      ?? h("div", { class: "ct-st__hcard", role: "option", tabindex: 0, dataset: { card: code, key } }, cardElement(code, words));
    setStyle(node, "--fan", (i - mid).toFixed(2));
    setStyle(node, "--lift", Math.abs(i - mid).toFixed(2));
    setData(node, "playable", v.playable[i] && "true");
    setData(node, "selected", code === selected && "true");
    setAttr(node, "aria-selected", String(code === selected));
    // Named by its content (the card's picture is named in words), not an aria-label that the
    // visible corners ("8♠") would not match.
    const note = node.querySelector(".ct-sr") ?? node.appendChild(h("span", { class: "ct-sr" }));
    const playable = v.playable[i] ? words.say("playable_note") : "";
    if (note.textContent !== playable) note.textContent = playable;
    return node;
  })); // the cards that left go first: a laid card moves no other card (a moved card is styled anew, issue 28)
}

/** Rule B4: you see your own stoeptegel once play starts (at once if you keep it yourself),
 * and the one you gave.
 * @param {HTMLElement} ownSlot
 * @param {HTMLElement} gaveSlot
 * @param {import("../types.js").DrawnView} v
 * @param {(seat: number) => string} nameOf
 * @param {import("../words.js").Words} words the table's words
 */
export function drawSecrets(ownSlot, gaveSlot, v, nameOf, words) {
  const { say } = words;
  const s = v.seat;
  const from = v.stoeptegel_from;
  setData(ownSlot, "card", v.stoeptegel);
  ownSlot.setAttribute("aria-label", say("own_label", { card: v.stoeptegel ? cardSpoken(v.stoeptegel, words) : say("not_known") }));
  fill(ownSlot, 
    h("span", { class: "ct-st__secret-label" }, say("own_title")),
    v.stoeptegel ? h("div", { class: "ct-st__secret-card" }, cardElement(v.stoeptegel, words))
      : h("div", { class: "ct-st__secret-card ct-st__secret-card--empty" }, h("span", {}, "?")),
    h("span", { class: "ct-st__secret-note" }, v.stoeptegel
      ? (from === s ? say("kept") : say("from", { name: nameOf(from) }))
      : (from === s ? say("pick_own") : say("picks", { name: nameOf(from) }))),
  );
  const gave = v.gave && v.gave.to !== s ? v.gave : null;
  gaveSlot.hidden = !(gave || (v.stoeptegel_for && v.stoeptegel_for.seat !== s));
  setData(gaveSlot, "card", gave ? gave.card : null);
  fill(gaveSlot,
    h("span", { class: "ct-st__secret-label" }, say("gave_title")),
    gave ? h("div", { class: "ct-st__secret-card" }, cardElement(gave.card, words))
      : h("div", { class: "ct-st__secret-card ct-st__secret-card--empty" }, h("span", {}, "…")),
    h("span", { class: "ct-st__secret-note" }, say("to", { name: nameOf(v.stoeptegel_for?.seat ?? s) })),
  );
}

