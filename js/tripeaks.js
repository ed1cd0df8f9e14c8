// @ts-check
// The Tri-Peaks table: an anywidget view. It draws the view the engine sends (legal moves
// included) and sends intents back; it decides nothing about the rules.

import { actionButton, focusKeeper, fourColour, helpPanel, renderLive, sender, tableRoot, winBurst, withRuleTags } from "./table.js";
import "./cards.css";
import "./tripeaks.css";
import { cardElement, cardLabel, cardSpoken, paintCard } from "./cards.js";
import { exposeState, flash, h, onModel, place, setData } from "./dom.js";
import { exerciseBar } from "./exercise.js";
import { wordsOf } from "./words.js";
import { settingsPanel } from "./settings.js";
import { endActions, recordDownloads, tripeaksReview } from "./review.js";

/** @typedef {import("./types.js").TriPeaksTraits} Traits */
/** @typedef {import("./types.js").TriPeaksEvent} TriPeaksEvent */


// `geometry` (from the engine's layout) says where each of the 28 positions lies, in card
// widths from the left of the bottom row, and its row (0 = peak tops).
/** @param {Traits["geometry"]} geometry @param {import("./words.js").Words} words */
function tableau({ x: X, row: ROW }, words) {
  const slots = X.map((x, p) =>
    h("div", {
      class: "ct-tp__slot",
      // One tab stop for the table (the arrows walk the cards): changing a card's tabindex
      // as it turns up would cost Chrome a forced layout on every move.
      tabindex: -1,
      dataset: { position: p, row: ROW[p] },
      style: `--x:${x};--row:${ROW[p]};z-index:${ROW[p] + 1}`,
    }, cardElement(null, words)),
  );
  return { el: h("div", { class: "ct-tp__tableau", role: "group" }, ...slots), slots };
}

/** @param {string} action @param {string} label @param {string} title */
function button(action, label, title) {
  return actionButton("ct-tp__button", action, label, { title });
}

/** @param {{ model: import("./types.js").Model<Traits>, el: HTMLElement, signal: AbortSignal }} props */
function mount({ model, el, signal: alive }) {
  const words = wordsOf(model); // this table's own, in its language
  const { say, lookUp } = words;
  const post = sender(model);
  /** @type {number | null} */
  let focusX = null; // where the focused card lay when the player acted (card widths)
  const send = (/** @type {string} */ action, extra = {}) => {
    const at = /** @type {HTMLElement | null} */ (document.activeElement)?.dataset?.position;
    focusX = at === undefined ? null : X[Number(at)];
    keeper.acted();
    post(action, extra);
  };

  const geometry = model.get("geometry");
  const X = geometry.x;
  const table = tableau(geometry, words);
  const stockCard = cardElement(null, words);
  const stock = h("div", { class: "ct-tp__pile ct-tp__stock", role: "button", tabindex: 0,
    dataset: { role: "stock" } }, stockCard, h("span", { class: "ct-tp__count" }));
  const wasteCard = cardElement(null, words);
  const waste = h("div", { class: "ct-tp__pile ct-tp__waste", dataset: { role: "waste" }, role: "group" }, wasteCard);
  // What a screen reader hears: each move once, in the kernel's words (`said`), and a hint.
  const announcer = h("div", { class: "ct-sr", dataset: { role: "said" }, "aria-live": "polite" });
  const score = h("span", { class: "ct-tp__value", dataset: { role: "score" } }, "0");
  const run = h("span", { class: "ct-tp__value", dataset: { role: "run" } }, "0");
  const round = h("span", { class: "ct-tp__value", dataset: { role: "round" } }, "1");
  const mode = h("span", { class: "ct-tp__mode" });
  const message = h("div", { class: "ct-message ct-tp__message", dataset: { role: "message" }, "aria-live": "polite" });
  const bannerBox = h("div", { class: "ct-tp__banner-box" });
  const banner = h("div", { class: "ct-tp__banner", dataset: { role: "banner" }, role: "status", hidden: true }, bannerBox);
  /** @type {{ lang: string, review: HTMLElement, steps: HTMLElement } | null} */
  let bannerButtons = null; // kept while the language stays: see drawBanner
  const buttons = {
    undo: button("undo", say("undo"), say("undo_title")),
    redo: button("redo", say("redo"), say("redo_title")),
    hint: button("hint", say("hint_button"), say("hint_title")),
    new: button("new", say("new"), say("new_title")),
  };
  const statsLine = h("div", { class: "ct-tp__session" },
    h("span", { class: "ct-tp__deal-number", dataset: { role: "deal" } }),
    h("span", { dataset: { role: "stats" } }));
  const ruleLines = () => (model.get("notes") || {}).help || []; // each rule in words, for tags
  const help = helpPanel(ruleLines(), words);
  const settings = settingsPanel(model, alive, ruleLines);
  const stat = (/** @type {string} */ label, /** @type {HTMLElement} */ value) => h("span", { class: "ct-tp__stat" }, h("span", { class: "ct-tp__label" }, label), value);
  const root = tableRoot("cardtable-tripeaks",
    h("div", { class: "ct-tp__header" },
      h("span", { class: "ct-tp__title" }, "Tri-Peaks"), mode,
      h("span", { class: "ct-tp__stats" }, stat(say("score"), score), stat(say("run"), run), stat(say("round"), round)),
      h("span", { class: "ct-tools" }, settings.button, help.button)),
    statsLine,
    help.panel,
    settings.panel,
    // The end banner lies below the peaks, over no card and no control.
    h("div", { class: "ct-tp__felt" }, table.el, banner,
      h("div", { class: "ct-tp__piles" }, stock, waste,
        h("div", { class: "ct-tp__controls" }, ...Object.values(buttons))),
      ),
    h("div", { class: "ct-tp__footer" }, message, h("span", { class: "ct-tp__keys" }, say("keys"))),
    announcer,
  );
  el.replaceChildren(root);
  exposeState(root, model, ["view", "version", "hint", "message", "analysis", "geometry", "notes", "review"]);
  tripeaksReview(root, model, alive, geometry);
  recordDownloads(model, alive);
  const keeper = focusKeeper(root, alive);
  fourColour(root, model, alive);
  if (exerciseBar(root, model, alive)) /** @type {HTMLElement} */ (root.querySelector(".ct-tp__keys")).textContent = say("exercise_keys");
  const positions = () => setData(root, "positions", model.get("show_positions") && "true");
  positions();
  onModel(model, "change:show_positions", positions, alive);

  /** @type {import("./types.js").TriPeaksView | null} */
  let shown = null; // the view on screen, to tell a new move from an undo

  function draw() {
    keeper.drawing();
    const view = model.get("view");
    if (!view || !view.tableau) return;
    const legal = new Set(view.legal);
    const forward = shown && view.moves === shown.moves + 1 && view.round >= shown.round;
    view.tableau.forEach((slot, p) => {
      const node = table.slots[p];
      // `== null`: Pyodide (JupyterLite) hands a Python None over as undefined.
      const state = slot == null ? "gone" : slot.face_up ? "up" : "down";
      if (node.dataset.state !== state) {
        // Only a face-up card is a control; the backs are told once, in the peaks' label.
        if (state === "up") { node.setAttribute("role", "button"); node.removeAttribute("aria-hidden"); }
        else { node.removeAttribute("role"); node.setAttribute("aria-hidden", "true"); }
      }
      node.dataset.state = state;
      setData(node, "card", state === "up" ? slot?.card : null);
      setData(node, "playable", legal.has(p) && "true");
      if (state !== "gone") paintCard(/** @type {HTMLElement} */ (node.firstChild), slot?.card, words);
      const spoken = state === "up" ? cardSpoken(/** @type {string} */ (slot?.card), words) : "";
      if (state === "up") node.setAttribute("aria-label", legal.has(p) ? say("playable", { card: spoken }) : spoken);
      else node.removeAttribute("aria-label");
    });
    const down = view.tableau.filter((slot) => slot != null && !slot.face_up).length;
    table.el.setAttribute("aria-label", model.get("notes").tableau.replace("{down}", String(down)));
    paintCard(wasteCard, view.waste, words);
    waste.dataset.card = view.waste;
    waste.setAttribute("aria-label", say("waste", { card: cardSpoken(view.waste, words) }));
    stock.dataset.count = String(view.stock_count);
    setData(stock, "playable", legal.has("draw") && "true");
    stock.classList.toggle("ct-tp__stock--empty", view.stock_count === 0);
    /** @type {HTMLElement} */ (stock.lastChild).textContent = String(view.stock_count);
    stock.setAttribute("aria-label", say(legal.has("draw") ? "stock_draw" : "stock", { count: view.stock_count }));
    stockCard.style.visibility = view.stock_count ? "" : "hidden";
    score.textContent = String(view.score);
    run.textContent = String(view.run);
    round.textContent = String(view.round);
    const scoring = lookUp("mode", view.scoring, view.scoring);
    mode.textContent = view.progressive ? say("progressive", { mode: scoring }) : scoring;
    buttons.redo.disabled = !view.can_redo;
    buttons.hint.disabled = view.over;
    root.dataset.over = String(view.over);
    root.dataset.won = String(view.won);
    // Each kind of event carries the fields celebrate() reads for it.
    if (forward) { celebrate(/** @type {Required<TriPeaksEvent>[]} */ (view.last)); announcer.textContent = model.get("said"); }
    const justWon = view.won && shown && !shown.won;
    shown = view;
    drawUndo();
    drawHint();
    const bannerHidden = banner.hidden;
    drawBanner();
    if (justWon) table.el.append(winBurst()); // over the banner, which redraws beneath it
    else if (!view.over) table.el.querySelector(".ct-win")?.remove();
    // The game just ended: the banner's first step (Replay this deal) takes the focus.
    keeper.opened(banner, bannerHidden, END_FOCUS);
    keeper.settle(nextFocus);
  }

  const END_FOCUS = "button.ct-button--primary";

  // After a move the focus goes to the playable card nearest to where the played one lay,
  // else to the stock (drawing is always the next move then), else to any face-up card; once
  // the game is over, to the banner's first step.
  function nextFocus() {
    if (!banner.hidden) return /** @type {HTMLElement | null} */ (banner.querySelector(END_FOCUS)); // a game over: its banner's first step
    const up = table.slots.filter((s) => s.dataset.state === "up");
    const playable = up.filter((s) => s.dataset.playable === "true");
    const near = (/** @type {HTMLElement} */ a, /** @type {HTMLElement} */ b) =>
      Math.abs(X[Number(a.dataset.position)] - (focusX ?? 0)) - Math.abs(X[Number(b.dataset.position)] - (focusX ?? 0));
    if (playable.length && focusX !== null) return playable.sort(near)[0];
    if (stock.dataset.playable === "true" || !up.length) return stock;
    return up.sort(near)[0];
  }

  // Slide the new waste card in from where it came from (a slot keeps its place once its card
  // is gone), measured in the next frame: that frame lays the page out anyway, so the move costs
  // no extra layout before it is on screen. Then pop the points it earned.
  /** @param {Required<TriPeaksEvent> | undefined} first */
  function slideIn(first) {
    const source = first?.type === "play" ? table.slots[first.position] : first?.type === "draw" ? stock : null;
    if (!source) return;
    requestAnimationFrame(() => {
      if (alive.aborted) return;
      const from = source.getBoundingClientRect();
      const to = waste.getBoundingClientRect();
      wasteCard.animate(
        [{ transform: `translate(${from.left - to.left}px, ${from.top - to.top}px)` }, { transform: "none" }],
        { duration: 180, easing: "ease-out" },
      );
    });
  }

  /** @param {Required<TriPeaksEvent>[]} events */
  function celebrate(events) {
    slideIn(events[0]);
    for (const event of events) {
      if (event.type === "play" || (event.type === "draw" && event.points)) {
        const text = event.points > 0 ? `+${event.points}` : String(event.points);
        for (const old of waste.querySelectorAll(".ct-tp__pop")) old.remove(); // one readable pop
        flash(waste, h("span", { class: "ct-tp__pop", dataset: { role: "points" } }, text));
      } else if (event.type === "bonus") {
        const play = events.find((e) => e.type === "play");
        const label = say(event.reason === "last peak" ? "last_peak" : "peak");
        const callout = h("span", { class: "ct-tp__callout", dataset: { role: "bonus" } }, `${label} +${event.points}`);
        if (play) callout.style.setProperty("--x", String(X[play.position]));
        flash(table.el, callout, 2200);
      } else if (event.type === "deal") {
        flash(table.el, h("span", { class: "ct-tp__callout ct-tp__callout--wide" }, say("new_round", { round: event.round })), 2200);
      }
    }
  }

  // Mark the hinted card (or the stock); returns it, or null.
  function drawHint() {
    const hint = model.get("hint");
    for (const node of [...table.slots, stock]) delete node.dataset.hint;
    const node = hint === "draw" ? stock : Number.isInteger(hint) ? table.slots[/** @type {number} */ (hint)] : null;
    if (node) node.dataset.hint = "true";
    return node;
  }

  // A hint asked for from the table takes the keyboard there too: Enter then plays it.
  function showHint() {
    const node = drawHint();
    const hint = model.get("hint");
    if (node) {
      const said = model.get("notes").hint;
      announcer.textContent = hint === "draw" ? said.draw : said.play.replace("{card}", cardLabel(/** @type {string} */ (node.dataset.card), words));
    }
    if (!node || !root.contains(document.activeElement)) return;
    requestAnimationFrame(() => { if (!alive.aborted) node.focus({ preventScroll: true }); });
  }

  function drawMessage() {
    const note = model.get("message") || {};
    withRuleTags(message, note.text || "", ruleLines(), words);
    message.dataset.kind = note.kind || "";
    if (note.text) message.animate([{ opacity: 0.2 }, { opacity: 1 }], { duration: 250 });
  }

  // Once the verdict was asked for, undo is closed for the deal: the button says so.
  function drawUndo() {
    const closed = Boolean(model.get("analysis"));
    buttons.undo.disabled = closed || !model.get("view").can_undo;
    buttons.undo.title = closed ? model.get("notes").undo_closed : say("undo_title");
  }

  function drawBanner() {
    const view = model.get("view");
    banner.hidden = !view.over;
    if (!view.over) { delete banner.dataset.key; return; }
    const analysis = model.get("analysis");
    const ending = model.get("ending") || {};
    // Drawn again only when what it says changes; its buttons stay the same nodes even then
    // (the deal's par, solved in a thread, may arrive between a press and its release): a
    // click on them is never lost to a redraw, and the focus stays on the same button.
    const lang = model.get("lang") ?? "";
    const key = JSON.stringify([ending, analysis, Boolean(model.get("exercise")), lang]);
    if (banner.dataset.key === key) return;
    banner.dataset.key = key;
    const kept = bannerButtons?.lang === lang ? bannerButtons : (bannerButtons = { lang,
      review: endActions("ct-tp__button ct-tp__button--quiet", words),
      steps: h("span", { class: "ct-tp__banner-actions" },
        actionButton("ct-tp__button ct-button--primary", "replay", say("replay")),
        actionButton("ct-tp__button", "new", say("new"))) });
    const lines = [withRuleTags(h("strong", { class: "ct-tp__banner-title" }), ending.title, ruleLines(), words),
      h("span", {}, ending.score)];
    if (!analysis) {
      lines.push(h("button", { class: "ct-button ct-tp__button ct-tp__button--quiet", type: "button",
        dataset: { action: "analyse" }, title: say("verdict_title") },
      say("verdict")));
    } else {
      lines.push(h("span", { class: "ct-tp__analysis", dataset: { role: "analysis" } }, analysis.text));
    }
    if (!model.get("exercise")) lines.push(kept.review); // an exercise has no review
    lines.push(h("span", { class: "ct-tp__deal" }, ending.deal), kept.steps);
    place(bannerBox, lines);
  }

  function drawStats() {
    /** @type {HTMLElement} */ (statsLine.querySelector("[data-role=stats]")).textContent = (model.get("stats") || {}).text || "";
    /** @type {HTMLElement} */ (statsLine.querySelector("[data-role=deal]")).textContent = model.get("deal") || "";
  }

  // ---- input: clicks and keys become intents; the engine decides
  /** @param {HTMLElement} target */
  function act(target) {
    const actionNode = /** @type {HTMLElement | null} */ (target.closest("[data-action]"));
    if (actionNode && actionNode.dataset.action === "new" && !model.get("view").over && !actionNode.dataset.confirm) {
      return confirmFirst(actionNode); // a game in play is not thrown away on one click
    }
    if (actionNode?.dataset.action === "new") { // with the settings the player chose, if any
      settings.close();
      return send("new", settings.chosen());
    }
    if (actionNode) return send(/** @type {string} */ (actionNode.dataset.action));
    const slot = /** @type {HTMLElement | null} */ (target.closest("[data-position]"));
    // A face-down card is sent too: the engine's refusal explains what still covers it.
    if (slot && slot.dataset.state !== "gone") return send("play", { position: Number(slot.dataset.position) });
    if (target.closest("[data-role='stock']")) return send("draw");
  }
  root.addEventListener("click", (event) => act(/** @type {HTMLElement} */ (event.target)), { signal: alive });
  // A click on a card or the stock while the keyboard is already on the table leaves the focus
  // where it is: moving it would only make JupyterLab re-activate the cell, a few ms before the
  // move can be drawn. From outside, the first click still brings the focus in.
  for (const area of [table.el, stock]) {
    area.addEventListener("mousedown", (event) => {
      if (root.contains(document.activeElement) && document.activeElement !== root) event.preventDefault();
    }, { signal: alive });
  }

  // "New deal" mid-game asks first: the button says so for a few seconds; a second press deals.
  /** @param {HTMLElement} node */
  function confirmFirst(node) {
    const label = node.textContent;
    node.dataset.confirm = "true";
    node.textContent = say("sure");
    setTimeout(() => { delete node.dataset.confirm; node.textContent = label; }, 4000);
  }
  root.addEventListener("keydown", (event) => {
    const key = event.key.toLowerCase();
    const mod = event.ctrlKey || event.metaKey;
    const target = /** @type {HTMLElement} */ (event.target);
    let handled = true;
    if (mod && key === "z") send(event.shiftKey ? "redo" : "undo");
    else if (mod && key === "y") send("redo");
    else if (mod) handled = false;
    else if ((key === "enter" || key === " ") && target !== root && !target.closest("button")) act(target);
    else if (key === "d") send("draw");
    else if (key === "h") send("hint");
    else if (key === "u") send("undo");
    else if (key === "arrowleft" || key === "arrowright") moveFocus(key === "arrowright" ? 1 : -1);
    else handled = false;
    if (handled) event.preventDefault();
  }, { signal: alive });

  // Arrow keys walk the face-up cards left to right, then the stock.
  /** @param {number} step */
  function moveFocus(step) {
    const stops = table.slots.filter((s) => s.dataset.state === "up")
      .sort((a, b) => X[Number(a.dataset.position)] - X[Number(b.dataset.position)] || Number(a.dataset.row) - Number(b.dataset.row));
    stops.push(stock);
    const at = stops.indexOf(/** @type {HTMLDivElement} */ (document.activeElement));
    stops[(at + step + stops.length) % stops.length].focus();
  }

  onModel(model, "change:view", draw, alive);
  onModel(model, "change:hint", showHint, alive);
  onModel(model, "change:message", drawMessage, alive);
  onModel(model, "change:analysis", () => { drawUndo(); drawBanner(); }, alive);
  onModel(model, "change:ending", drawBanner, alive);
  onModel(model, "change:stats", drawStats, alive);
  onModel(model, "change:deal", drawStats, alive);
  draw();
  drawMessage();
  drawStats();
}

export default { render: renderLive(mount) };
