// @ts-check
// The panels over the felt: the end of a round (stoeptegels revealed, points broken down, the
// winner) and the hot-seat hand-over. Their sentences come from the kernel.

import { cardElement, cardLabel } from "../cards.js";
import { fill, h, setProp } from "../dom.js";
import { withRuleTags } from "../table.js";

/** @typedef {(action: string, label: string, attrs?: Record<string, unknown>) => HTMLButtonElement} Button */
/** @typedef {import("../words.js").Words} Words */

// End of round: the stoeptegels revealed and every player's points broken down; end of game:
// the winner. Closing it is UI-only (remembered per seat and round).
/**
 * @param {HTMLElement} reveal
 * @param {import("../types.js").DrawnView} v
 * @param {{ nameOf: (seat: number) => string, dismissed: Set<string>, button: Button,
 *   extra?: (() => HTMLElement) | null, ruleLines?: import("../types.js").HelpLine[], words: Words }} parts `extra`: the
 *   live table's Review and Download; `ruleLines`: each rule in words, for the rule tags
 */
export function drawReveal(reveal, v, { nameOf, dismissed, button, extra = null, ruleLines = [], words }) {
  const { say, lookUp } = words;
  const r = v.reveal;
  const current = r && (v.phase === "over" || (r.round === v.round - 1 && v.phase === "choose"));
  const key = `${v.seat}:${r?.round}`;
  if (!current || (v.phase !== "over" && dismissed.has(key))) {
    setProp(reveal, "hidden", true);
    return;
  }
  const content = `${key}:${v.phase}:${v.scores.join()}`;
  if (reveal.dataset.content === content && !reveal.hidden) return; // keep its buttons
  reveal.dataset.content = content;
  const rowsOut = r.breakdown.map((b) => {
    const st = r.stoeptegels.find((x) => x.owner === b.seat);
    return h("tr", { dataset: { seat: b.seat } },
      h("th", { scope: "row" }, nameOf(b.seat)),
      h("td", { class: "ct-st__reveal-card" }, st ? h("div", { class: "ct-st__mini", dataset: { card: st.card, role: "revealed" } }, cardElement(st.card, words)) : null,
        st && st.giver !== st.owner ? h("small", {}, say("from", { name: nameOf(st.giver) })) : null,
        st && st.fits ? h("small", { class: "ct-st__fits" }, st.fits.length ? say("fits", { count: st.fits.length, rows: rowNumbers(st.fits, words) }) : say("fits_none")) : null),
      h("td", { class: "ct-st__laid" }, ...(b.laid.length ? b.laid.map(([code, point]) =>
        h("span", { class: `ct-st__chipcard${point ? " is-scored" : ""}`, title: say(point ? "chip_scored" : "chip_none") }, cardLabel(code, words))) : ["—"])),
      h("td", { class: "ct-st__num" }, String(b.card_points)),
      h("td", { class: "ct-st__num" }, b.stoeptegel_point ? "+1" : "0"),
      h("td", { class: "ct-st__num ct-st__total" }, String(b.total)),
      h("td", { class: "ct-st__num" }, String(v.scores[b.seat])),
    );
  });
  const headline = v.phase === "over"
    ? h("div", { class: "ct-st__winner", dataset: { role: "winner" } }, v.texts.winner)
    : null;
  const said = /** @type {{ title: string, headline: string, next: string }} */ (v.texts.round_over); // with every reveal
  fill(reveal, h("div", { class: "ct-st__panel" },
    headline,
    h("div", { class: "ct-st__panel-title" }, said.title),
    withRuleTags(h("p", { class: "ct-st__panel-text", dataset: { role: "headline" } }), said.headline, ruleLines, words), // its rule a tag
    h("table", { class: "ct-st__breakdown" },
      h("thead", {}, h("tr", {}, ...["player", "stoeptegel", "laid", "card_points", "stoeptegel_point", "round", "score"]
        .map((t) => h("th", { scope: "col" }, lookUp("breakdown", t, t))))),
      h("tbody", {}, ...rowsOut)),
    r.rows ? finalRows(r.rows, words) : null,
    h("p", { class: "ct-st__panel-note" }, v.notes.scoring),
    extra ? extra() : null, // the live table's Review and Download record
    v.phase === "over"
      ? button("new", say("new_game"))
      : button("dismiss", said.next),
  ));
  reveal.dataset.round = String(r.round);
  reveal.hidden = false;
}

// The rows as they lay when the round ended (the felt may show the next round's already): the
// counting card of each is marked, so the points above can be checked against them.
/** @param {import("../types.js").RowView[]} rows @param {Words} words */
function finalRows(rows, words) {
  const { say } = words;
  return h("div", { class: "ct-st__final-rows", dataset: { role: "final-rows" } },
    h("span", { class: "ct-st__final-label" }, say("final_rows")),
    ...rows.map((row, i) => h("div", { class: "ct-st__final-row", dataset: { finalRow: i } },
      h("span", { class: "ct-st__final-name" }, say("row", { row: i + 1 })),
      ...row.cards.map((code, k) => h("span", {
        class: `ct-st__chipcard${k === row.counting_index ? " is-counting" : ""}`,
        title: k === row.counting_index ? say("counting_title") : "",
      }, cardLabel(code, words))),
      row.closed ? h("small", {}, say("closed")) : row.turned ? h("small", {}, say("turned")) : null)));
}

/** "1", "1 and 2", "1, 2 and 3": rows counted from 1. @param {number[]} rows @param {Words} words */
function rowNumbers(rows, { say }) {
  const names = rows.map((r) => String(r + 1));
  return names.length === 1 ? names[0] : names.slice(0, -1).join(", ") + say("and") + names.at(-1);
}

/**
 * @param {HTMLElement} handover
 * @param {import("../types.js").Handover} over
 * @param {Button} button
 * @param {import("../types.js").HelpLine[]} ruleLines
 * @param {Words} words the table's words
 */
export function drawHandover(handover, over, button, ruleLines, words) {
  setProp(handover, "hidden", !over.name);
  if (!over.name) delete handover.dataset.name;
  if (!over.name || handover.dataset.name === over.name) return;
  handover.dataset.name = over.name;
  handover.replaceChildren(h("div", { class: "ct-st__panel ct-st__panel--small" },
    h("div", { class: "ct-st__panel-title" }, over.title),
    withRuleTags(h("p", { class: "ct-st__panel-text" }), over.text, ruleLines, words),
    button("ready", over.ready)));
}

