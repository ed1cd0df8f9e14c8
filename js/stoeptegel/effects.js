// @ts-check
// The table's motion: the DOM already shows the new state; ghost cards replay how it got there
// (flights, slides, sweeps, jokers, points), read from the round's events. Nothing here decides
// anything: an event the kernel sent is drawn, or skipped when motion is reduced.

import { cardElement, cardLabel } from "../cards.js";
import { flash, h } from "../dom.js";

/**
 * @typedef {{ left: number, top: number, width: number, height: number }} Rect
 * @typedef {import("../types.js").DrawnView} DrawnView
 * @typedef {{ felt: HTMLElement, log: HTMLElement, rows: import("./rows.js").RowParts[],
 *   opponents: HTMLElement, hand: HTMLElement, stock: HTMLElement, fx: HTMLElement,
 *   root: HTMLElement, me: HTMLElement, current: () => DrawnView,
 *   words: import("../words.js").Words }} Regions
 * @typedef {ReturnType<ReturnType<typeof effects>["snapshot"]>} Snapshot
 */

const STEP_MS = 260; // time between two animated events
const FLY_MS = 320;

/**
 * The animations of one table view, over its regions: `felt` (the frame ghosts fly over),
 * `log`, `rows` (from rowElement), `opponents`, `hand`, `stock`, `fx` (the ghosts' layer),
 * `root`, `me`, `current()` (the view on screen now) and `words` (the table's, js/words.js).
 * @param {Regions} regions
 */
export function effects({ felt, log, rows, opponents, hand, stock, fx, root, me, current, words }) {
  const { say } = words;
  /** @type {Set<Animation>} */
  const flights = new Set(); // the cards in motion (and the cards they hide until they land)
  /** @param {Animation} anim */
  const track = (anim) => {
    flights.add(anim);
    const done = () => flights.delete(anim);
    anim.finished.then(done, done);
    return anim;
  };

  /** The player begins a move (picks a card) or changes the table wholesale (a choice, a new
   * game): what still moves from the last moves ends at once. The cards in flight land; the
   * rows' tags, the bubbles, the points and the log's new-line glow go (the log says what
   * happened), so the page draws the player's move alone. (Not on the click that sends a play
   * or a pass: that frame would hold the reply up, issue 28.) */
  function land() {
    for (const anim of [...flights]) anim.finish();
    for (const node of root.querySelectorAll(".ct-st__fx-tag, .ct-st__bubble, .ct-st__pop")) node.remove();
    for (const line of log.querySelectorAll(".ct-st__log-line.is-new")) line.classList.remove("is-new");
  }

  /**
   * Where `node` lies in the felt (null for no node).
   * @param {Element | null} node
   * @param {DOMRect} [box] the felt's box, if measured already
   * @returns {Rect | null}
   */
  function rel(node, box = felt.getBoundingClientRect()) {
    if (!node) return null;
    const b = node.getBoundingClientRect();
    return { left: b.left - box.left, top: b.top - box.top, width: b.width, height: b.height };
  }

  /** Where everything an event may start from lies now. Called in a frame (the layout is
   * being computed for the paint anyway), never in the middle of a draw. */
  function snapshot() {
    const box = felt.getBoundingClientRect();
    const at = (/** @type {Element | null} */ node) => rel(node, box);
    return {
      rel: at,
      pinned: log.scrollHeight - log.scrollTop - log.clientHeight < 40,
      rows: rows.map(({ el: node, pile }) => ({
        row: at(node),
        cards: [...pile.querySelectorAll(".ct-st__pcard")].map((c) =>
          ({ code: /** @type {import("../types.js").Code} */ (/** @type {HTMLElement} */ (c).dataset.card), rect: /** @type {Rect} */ (at(c)) })),
      })),
      seats: new Map(/** @type {HTMLElement[]} */ ([...opponents.children]).map((p) => [Number(p.dataset.seat), at(p.querySelector(".ct-st__backs") || p)])),
      hand: at(hand),
      stock: at(stock.querySelector(".ct-card")),
    };
  }

  /** @param {import("../types.js").Code} code @param {Rect} rect */
  function ghost(code, rect) {
    const g = h("div", { class: "ct-st__ghost", style: `left:${rect.left}px;top:${rect.top}px;--ct-cw:${rect.width}px;width:var(--ct-cw)` }, cardElement(code, words));
    fx.append(g);
    return g;
  }

  /**
   * @param {HTMLElement} g @param {Rect} from @param {Rect} to @param {number} delay
   * @param {{ fadeIn?: boolean }} [extra]
   */
  function move(g, from, to, delay, extra = {}) {
    const dx = from.left - to.left, dy = from.top - to.top, scale = from.width / to.width;
    const anim = g.animate([
      { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: extra.fadeIn ? 0 : 1 },
      { transform: "none", opacity: 1 },
    ], { duration: FLY_MS, delay, easing: "cubic-bezier(.2,.7,.3,1)", fill: "both" });
    return track(anim);
  }

  /** @param {Element | null} node @param {number} ms */
  function hideFor(node, ms) {
    if (node) track(node.animate([{ opacity: 0 }, { opacity: 0 }], { duration: ms }));
  }

  /** @param {number} r @param {import("../types.js").Code | null} code */
  function finalCard(r, code) {
    const found = [...rows[r].pile.querySelectorAll(`.ct-st__pcard[data-card="${code}"]`)];
    return found[found.length - 1] || null;
  }

  // Where a card laid on row r lands: one step below its old top card.
  /** @param {Snapshot} before @param {number} r @returns {Rect} */
  function landing(before, r) {
    const cards = before.rows[r].cards;
    const last = cards[cards.length - 1];
    if (!last) return /** @type {Rect} */ (before.rows[r].row);
    const step = last.rect.height * 0.24;
    return { ...last.rect, top: last.rect.top + step };
  }

  let batch = 0; // the number of the latest animate()
  /** The bubbles and points from earlier moves that still show on `holder` go.
   * @param {Element} holder */
  function clearEarlier(holder) {
    for (const old of /** @type {NodeListOf<HTMLElement>} */ (holder.querySelectorAll(".ct-st__bubble, .ct-st__pop")))
      if (old.dataset.batch !== String(batch)) old.remove();
  }

  /**
   * @param {DrawnView} v @param {Snapshot} before @param {number | null} start
   * @param {{ code: import("../types.js").Code, rect: Rect | null } | null} launch
   */
  function animate(v, before, start, launch) {
    const from = v.events_from;
    const events = v.events || [];
    const end = from + events.length;
    if (current() !== v) return; // a newer state is already on screen: no stale replays
    if (start === null || start >= end || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    batch += 1; // a seat's new bubble or points replace the ones of earlier moves still showing
    // Each kind of event carries the fields its branch below reads.
    let fresh = /** @type {Required<DrawnView["events"][number]>[]} */ (events.slice(Math.max(0, start - from)));
    const deal = fresh.map((e) => e.type).lastIndexOf("deal");
    if (deal >= 0) fresh = fresh.slice(deal + 1); // a new round: the reveal tells the rest
    if (fresh.length > 14) fresh = fresh.slice(-14);
    let t = 0;
    /** @type {{ r: number | null, rect: Rect | null }} */
    let last = { r: null, rect: null }; // where the card in flight lies now
    for (const e of fresh) {
      if (e.type === "play") {
        const src = e.seat === v.seat
          ? (launch && launch.code === e.card ? launch.rect : before.hand)
          : before.seats.get(e.seat);
        const target = finalCard(e.row, e.card);
        const dest = target && e.card !== "JK" ? rel(target) : landing(before, e.row);
        if (src && dest) {
          const g = ghost(e.card, dest);
          const size = { ...src, width: Math.min(src.width, dest.width) };
          move(g, size, dest, t).finished.then(() => (e.card === "JK" ? null : g.remove()), () => g.remove());
          if (e.card === "JK") jokerOut(g, t + FLY_MS);
          hideFor(target, t + FLY_MS);
        }
        last = { r: e.row, rect: dest };
        t += FLY_MS;
      } else if (e.type === "slide" && e.from !== e.to) {
        const target = finalCard(e.to, e.card);
        const src = last.r === e.from && last.rect ? last.rect : landing(before, e.from);
        if (target) {
          const dest = /** @type {Rect} */ (rel(target));
          const g = ghost(e.card, dest);
          move(g, src, dest, t).finished.then(() => g.remove(), () => g.remove());
          hideFor(target, t + FLY_MS);
          last = { r: e.to, rect: dest };
        }
        tag(rows[e.to].el, say("slid"), t);
        t += FLY_MS;
      } else if (e.type === "clear") {
        for (const c of before.rows[e.row].cards) {
          const g = ghost(c.code, c.rect);
          track(g.animate([{ transform: "none", opacity: 1 }, { transform: "translate(140%, -10%) rotate(25deg)", opacity: 0 }],
            { duration: 420, delay: t, easing: "ease-in", fill: "both" })).finished.then(() => g.remove(), () => g.remove());
        }
        tag(rows[e.row].el, say("swept"), t);
        t += STEP_MS;
      } else if (e.type === "joker") {
        if (e.replacement) {
          const target = finalCard(e.row, e.replacement);
          const dest = target ? /** @type {Rect} */ (rel(target)) : landing(before, e.row);
          const g = ghost(e.replacement, dest);
          move(g, before.stock || dest, dest, t, { fadeIn: false }).finished.then(() => g.remove(), () => g.remove());
          hideFor(target, t + FLY_MS);
          last = { r: e.row, rect: dest };
        }
        tag(rows[e.row].el, e.replacement ? say("joker_to", { card: cardLabel(e.replacement, words) }) : say("joker_gone"), t);
        t += FLY_MS;
      } else if (e.type === "close" || e.type === "turn") {
        const badge = rows[e.row].badges.querySelector(e.type === "close" ? "[data-role=closed]" : "[data-role=turned]");
        if (badge) badge.animate([{ transform: "scale(2.2)", opacity: 0 }, { transform: "scale(1)", opacity: 1 }],
          { duration: 380, delay: t, easing: "cubic-bezier(.3,1.6,.5,1)", fill: "backwards" });
        t += STEP_MS / 2;
      } else if (e.type === "points") {
        pop(e, t);
        t += STEP_MS / 2;
      } else if (e.type === "pass") {
        const plate = e.seat === v.seat ? me : /** @type {HTMLElement | null} */ (opponents.querySelector(`[data-seat="${e.seat}"]`));
        if (plate) bubble(plate, say("pass_bubble"), t);
        t += STEP_MS / 2;
      }
    }
    // New log lines light up.
    for (const li of /** @type {NodeListOf<HTMLElement>} */ (log.querySelectorAll(".ct-st__log-line"))) {
      if (Number(li.dataset.index) >= start) li.classList.add("is-new");
    }
  }

  /** @param {HTMLElement} g @param {number} delay */
  function jokerOut(g, delay) {
    track(g.animate([{ transform: "none", opacity: 1 }, { transform: "translateY(-40%) rotate(-30deg) scale(0.6)", opacity: 0 }],
      { duration: 360, delay, easing: "ease-in", fill: "forwards" })).finished.then(() => g.remove(), () => g.remove());
  }

  /** @param {HTMLElement} node @param {string} text @param {number} delay */
  function tag(node, text, delay) {
    // Its word drawn by CSS (data-mark, as the row's marks): a row's visible text stays its
    // name; the log tells the same event in words.
    const t = h("span", { class: "ct-st__fx-tag", style: `animation-delay:${delay}ms`,
      dataset: { mark: text }, "aria-hidden": "true" });
    flash(node, t, delay + 1800);
  }

  /** @param {HTMLElement} node @param {string} text @param {number} delay */
  function bubble(node, text, delay) {
    clearEarlier(node);
    flash(node, h("span", { class: "ct-st__bubble", style: `animation-delay:${delay}ms`, dataset: { batch } }, text), delay + 1800);
  }

  /** @param {Required<DrawnView["events"][number]>} e @param {number} delay */
  function pop(e, delay) {
    const score = root.querySelector(`[data-role="score"][data-seat="${e.seat}"]`);
    if (!score) return;
    const why = e.badge;
    const holder = /** @type {HTMLElement} */ (score.closest(".ct-st__seat, .ct-st__me") || score.parentElement);
    clearEarlier(holder);
    flash(holder, h("span", { class: "ct-st__pop", dataset: { role: "points", batch }, style: `animation-delay:${delay}ms` },
      h("strong", {}, `+${e.points}`), " ", why), delay + 2400);
  }


  return { snapshot, animate, rel, land };
}
