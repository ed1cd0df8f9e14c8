// @ts-check
// How one card looks — face, back, empty slot — shared by both tables.
// A card is a small DOM tree sized by its container (CSS container units), so it stays crisp
// and readable at any size. Cards arrive as wire codes ("TH", "AS", "JK"); a hidden card is null.

import { h } from "./dom.js";

/** @typedef {import("./types.js").Code} Code */
/** @typedef {import("./words.js").Words} Words */

/** @type {Record<string, string>} */
const SUIT_SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣" };
/** @type {Record<string, string>} */
const RANK_LABEL = { A: "A", T: "10", J: "J", Q: "Q", K: "K" };

/** "TH" -> "10♥", "JK" -> "Joker" (in the table's `words`). @param {Code} code @param {Words} words */
export function cardLabel(code, words) {
  if (code === "JK") return words.say("joker");
  return (RANK_LABEL[code[0]] ?? code[0]) + SUIT_SYMBOL[code[1]];
}

/**
 * "TH" -> "10 of hearts" ("harten tien", "el deu de cors"), for screen readers: the table's
 * `words` from Python say how its language names a card.
 * @param {Code} code
 * @param {Words} words the table's words (js/words.js)
 */
export function cardSpoken(code, words) {
  if (code === "JK") return words.say("spoken_joker");
  return words.say("spoken", { rank: words.lookUp("ranks", code[0], code[0]), suit: words.lookUp("suits", code[1], code[1]) });
}

/** @param {Code | null} code */
export function isRed(code) {
  return code != null && (code[1] === "H" || code[1] === "D");
}

/**
 * Fill `el` (a .ct-card) so it shows `code` face up, or its back when `code` is null, named
 * in the table's `words`.
 * @param {HTMLElement} el
 * @param {Code | null | undefined} code
 * @param {Words} words the table's words (js/words.js)
 */
export function paintCard(el, code, words) {
  code = code ?? null; // Pyodide (JupyterLite) hands a Python None over as undefined
  if (el.dataset.shown === String(code)) return el;
  el.dataset.shown = String(code);
  el.replaceChildren();
  el.classList.toggle("ct-card--back", code === null);
  el.classList.toggle("ct-card--red", isRed(code));
  el.classList.toggle("ct-card--joker", code === "JK");
  if (code && code !== "JK") el.dataset.suit = code[1]; // a four-colour deck colours by suit
  else delete el.dataset.suit;
  el.setAttribute("role", "img"); // a div may carry a name only with a role
  if (code === null) {
    el.setAttribute("aria-label", words.say("face_down"));
    el.append(h("span", { class: "ct-card__pattern" }));
    return el;
  }
  el.setAttribute("aria-label", cardSpoken(code, words));
  if (code === "JK") {
    el.append(
      h("span", { class: "ct-card__corner" }, glyph("ct-card__rank", "J★")),
      glyph("ct-card__centre ct-card__centre--joker", "★"),
      glyph("ct-card__word", "JOKER"),
    );
    return el;
  }
  const rank = RANK_LABEL[code[0]] ?? code[0];
  const suit = SUIT_SYMBOL[code[1]];
  const corner = (/** @type {string} */ extra) =>
    h(
      "span",
      { class: `ct-card__corner ${extra}`, "aria-hidden": "true" },
      glyph("ct-card__rank", rank),
      glyph("ct-card__suit", suit),
    );
  const face = "JQK".includes(code[0]);
  el.append(
    corner(""),
    face
      ? h("span", { class: "ct-card__centre ct-card__centre--face", "aria-hidden": "true" },
        h("span", { class: "ct-card__face" }, glyph("", rank), glyph("ct-card__face-suit", suit, "small")))
      : glyph("ct-card__centre", suit),
    corner("ct-card__corner--end"),
  );
  return el;
}

/**
/**
 * A rank, suit or word on a card, drawn by CSS from `data-glyph`: the card is a picture named
 * in words (its aria-label), so its glyphs are not text a control's visible label would be
 * read from ("9♥" where the name says "9 of hearts").
 * @param {string} className
 * @param {string} text
 * @param {"span" | "small"} [tag]
 */
function glyph(className, text, tag = "span") {
  return h(tag, { class: className || null, dataset: { glyph: text }, "aria-hidden": "true" });
}

/** @type {WeakMap<Words, Map<Code | null | undefined, HTMLElement>>} */
const models = new WeakMap(); // per table's words, one card of each look

/**
 * A new card element showing `code` (null: its back), named in the table's `words`: a copy
 * of the first one built (a deep copy costs the page a fraction of building a card's nodes
 * one by one, and a round's end, a deal or a flight builds several inside the click's time).
 * @param {Code | null | undefined} code (undefined, from Pyodide, is painted as null: a back)
 * @param {Words} words the table's words (js/words.js)
 * @returns {HTMLElement}
 */
export function cardElement(code, words) {
  let looks = models.get(words);
  if (!looks) models.set(words, (looks = new Map()));
  let model = looks.get(code);
  if (!model) looks.set(code, (model = paintCard(h("div", { class: "ct-card" }), code, words)));
  return /** @type {HTMLElement} */ (model.cloneNode(true));
}
