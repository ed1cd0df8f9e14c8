// @ts-check
// The three rows: their piles (the top cards drawn, older ones folded), counting cards,
// see-through 5s, the starting cards (all three tagged alike) and the turned/closed badges. Every note a row or
// card shows comes from the kernel (`view.texts`).

import { cardElement, cardLabel, cardSpoken } from "../cards.js";
import { fill, h, place, setAttr, setData, setStyle } from "../dom.js";

/** @typedef {import("../types.js").DrawnView} DrawnView */
/** @typedef {import("../words.js").Words} Words */
/** @typedef {ReturnType<typeof rowElement>} RowParts */

const SHOWN_IN_PILE = 6; // the top cards of a row that are drawn; older ones fold into "+k"

const SVG = "http://www.w3.org/2000/svg";
function lockIcon() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 16 16");
  svg.setAttribute("class", "ct-st__icon");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", "M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7h1zm2 0h4V5a2 2 0 0 0-4 0v2z");
  path.setAttribute("fill", "currentColor");
  svg.append(path);
  return svg;
}

/**
 * A mark on a row or its cards ("counts", "start", "↓ lower"): its word is drawn by CSS
 * (`data-mark`), so the row's visible text is its name ("Row 1"), which its spoken label
 * begins with (the label says what the marks show).
 * @param {"span" | "div"} tag
 * @param {string} className
 * @param {string} word
 * @param {Record<string, any>} [attrs]
 * @param {...Node} children
 */
function mark(tag, className, word, attrs = {}, ...children) {
  const { dataset = {}, ...rest } = attrs;
  return h(tag, { class: className, dataset: { ...dataset, mark: word }, ...rest }, ...children);
}

/** One row's skeleton: its head (name, badges), its pile, the why-not line.
 * @param {number} r @param {Words} words the table's words */
export function rowElement(r, { say }) {
  const why = h("div", { class: "ct-st__why", dataset: { role: "reason" }, hidden: true });
  const pile = h("div", { class: "ct-st__pile" });
  const badges = h("span", { class: "ct-st__badges" });
  // data-would-score-label: what the row says while laying the picked card there would score.
  const el = h("div", { class: "ct-st__row", role: "button", tabindex: 0,
    dataset: { row: r, wouldScoreLabel: say("would_score") } },
    h("div", { class: "ct-st__row-head" }, h("span", { class: "ct-st__row-name" }, say("row", { row: r + 1 })), badges),
    pile, why);
  return { el, pile, badges, why };
}

/** Draw every row of `v` into `rows` (from rowElement), keeping unchanged piles. With
 * `hints` false (an exercise) the rows say nothing the learner should work out: no "counts"
 * mark, no see-through 5, no "lower" badge, and the spoken label lists the cards only.
 * @param {RowParts[]} rows
 * @param {DrawnView} v
 * @param {boolean} hints
 * @param {Words} words the table's words
 */
export function drawRows(rows, v, hints, words) {
  const { say } = words;
  v.rows.forEach((row, r) => {
    const { el: node, pile, badges } = rows[r];
    setData(node, "counting", row.counting);
    setData(node, "closed", row.closed && "true");
    setData(node, "turned", row.turned && "true");
    const said = hints
      ? say(row.turned ? "row_counts_turned" : "row_counts", { card: cardSpoken(row.counting, words) })
      : say("row_cards", { cards: row.cards.map((code) => cardSpoken(code, words)).join(", ") });
    setAttr(node, "aria-label", say(row.closed ? "row_label_closed" : "row_label", { row: r + 1, said }));
    const key = `${row.cards.join()}|${row.played.join()}|${hints}`;
    if (pile.dataset.key === key) return; // unchanged: keep its nodes (and their animations)
    pile.dataset.key = key;
    const first = Math.max(0, row.cards.length - SHOWN_IN_PILE);
    // A card that looks as it did keeps its node (a play adds one card: the others are not
    // built, styled and laid out anew, issue 28); each node is keyed by all that it shows
    // (the words it shows change only with the language, and a new language mounts anew).
    const kept = new Map(/** @type {HTMLElement[]} */ ([...pile.children]).map((node) => [node.dataset.look, node]));
    const cards = [];
    if (first > 0) {
      const look = `+${first}`;
      cards.push(kept.get(look) ?? mark("div", "ct-st__folded", look, { title: say("older", { count: first }), dataset: { look } }));
    }
    const notes = v.notes.rows;
    row.cards.slice(first).forEach((code, j) => {
      const i = first + j;
      const counting = hints && i === row.counting_index;
      const seeThrough = hints && i > row.counting_index; // a played 5 above the counting card (B5)
      const inert = !row.played[i];
      const tagged = counting && row.cards.length > 1;
      const title = [cardLabel(code, words), counting && notes.counting, seeThrough && notes.see_through, inert && notes.inert].filter(Boolean).join(" — ");
      const look = [i, code, +counting, +seeThrough, +inert, +tagged, title].join("|");
      let card = kept.get(look);
      if (!card) {
        card = h("div", {
          class: `ct-st__pcard${counting ? " is-counting" : ""}${seeThrough ? " is-see-through" : ""}${inert ? " is-inert" : ""}`,
          dataset: { card: code, index: i, look, ...(counting ? { counts: "true" } : {}),
            ...(seeThrough ? { seeThroughLabel: say("see_through") } : {}) },
          title,
        }, cardElement(code, words));
        if (tagged) card.append(mark("span", "ct-st__counts-tag", say("counts_tag")));
        if (inert) card.append(mark("span", "ct-st__inert-tag", say("start_tag"), { title: notes.inert }));
      }
      setStyle(card, "--i", String(j));
      cards.push(card);
    });
    setStyle(pile, "--k", String(Math.min(row.cards.length, SHOWN_IN_PILE)));
    place(pile, cards);
    fill(badges, 
      row.turned && hints ? mark("span", "ct-st__turned", say("lower_tag"), { dataset: { role: "turned" }, title: v.notes.rows.turned }) : null,
      row.closed ? mark("span", "ct-st__closed", ` ${say("closed_tag")}`, { dataset: { role: "closed" }, title: v.notes.rows.closed }, lockIcon()) : null,
    );
  });
}

