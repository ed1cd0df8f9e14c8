// @ts-check
// The Stoeptegel table: an anywidget view. It draws what the seat at the screen may know (the
// engine's view, its legal plays and explain() reasons included) and sends intents back; it
// decides nothing about the rules. Every event of the view is animated briefly and written in
// the log (the sentences come from Python).
//
// Stable DOM hooks (tests and benchmarks rely on them): root .cardtable-stoeptegel with
// data-phase (choose | play | over | handover), data-to-move and data-seat; hand cards
// [data-role="hand"] [data-card] with data-playable="true" / data-selected="true"; rows
// [data-row="0|1|2"] with data-counting (and data-takes for the picked card, data-closed,
// data-turned), each with a [data-role="reason"] bubble; [data-role="stoeptegel"] and
// [data-role="gave"] with data-card; [data-action="choose|pass|dismiss|new|ready"];
// [data-role="score"][data-seat]; [data-role="log"] (li with data-index, data-type, data-seat);
// [data-role="message"]; [data-role="reveal"]; [data-role="handover"].

import { actionButton, focusKeeper, fourColour, helpPanel, redrawOn, renderLive, sender, tableRoot, winBurst, withRuleTags } from "./table.js";
import "./cards.css";
import "./stoeptegel.css";
import { cardElement, cardLabel } from "./cards.js";
import { closest, exposeState, fill, h, onModel, setAttr, setData, setProp, setStyle, setText } from "./dom.js";
import { endActions, recordDownloads, stoeptegelReview } from "./review.js";
import { exerciseBar } from "./exercise.js";
import { settingsPanel } from "./settings.js";
import { emptyJournal, takeIn } from "./journal.js";
import { effects } from "./stoeptegel/effects.js";
import { drawHand, drawSecrets } from "./stoeptegel/hand.js";
import { drawLog } from "./stoeptegel/log.js";
import { drawHandover, drawReveal } from "./stoeptegel/panels.js";
import { drawRows, rowElement } from "./stoeptegel/rows.js";
import { wordsOf } from "./words.js";


/** @typedef {import("./types.js").Code} Code */
/** @typedef {import("./types.js").DrawnView} DrawnView */

const PRIMARY = new Set(["choose", "dismiss", "new", "ready"]); // the step that moves the game on

/** @param {string} action @param {string} label @param {Record<string, unknown>} [attrs] */
function button(action, label, attrs = {}) {
  const primary = PRIMARY.has(action) ? " ct-button--primary" : "";
  return actionButton(`ct-st__button${primary}`, action, label, attrs);
}

/** @param {{ model: import("./types.js").Model<import("./types.js").StoeptegelTraits>, el: HTMLElement, signal: AbortSignal }} props */
function mount({ model, el, signal: alive }) {
  const words = wordsOf(model); // this table's words, in its language
  const { say } = words;
  const post = sender(model);
  let focusIndex = 0; // the place in the hand of the card that had the focus when the player acted
  const send = (/** @type {string} */ action, extra = {}) => {
    const cards = [...hand.children];
    const at = cards.indexOf(/** @type {Element} */ (document.activeElement));
    if (at >= 0) focusIndex = at;
    keeper.acted();
    // A play or a pass leaves the last moves' motion running: it is compositor work (transform,
    // opacity) that costs the round trip nothing, where landing it with the click cost the
    // reply a frame (a pass 1.4x -> 1.1x the counter's p90, issue 28); the pick has landed a
    // play's already. A choice or a new game lands it: the table is about to change wholesale.
    if (action !== "play" && action !== "pass") land();
    post(action, extra);
  };

  // ---- UI-only state: never sent, never rules
  /** @type {Code | null} */
  let selected = null; // the hand card picked (code)
  /** @type {Code | null} */
  let hovered = null; // the hand card under the pointer (a preview)
  /** @type {Code | null} */
  let dragging = null; // the hand card being dragged
  /** @type {number | null} */
  let overRow = null; // the row under the pointer or the drag
  /** @type {number | null} */
  let seen = null; // absolute index of the next event not yet animated; null: nothing shown yet
  /** @type {number | null} */
  let shownSeat = null;
  /** @type {{ code: Code, rect: import("./stoeptegel/effects.js").Rect | null } | null} */
  let launch = null; // { code, rect }: where my last played card left from
  const dismissed = new Set(); // "seat:round" of reveals already closed
  let lastRound = 0;
  /** @type {string | null} */
  let shownPhase = null; // the phase last drawn: the game's end is celebrated as it happens

  // ---- the skeleton
  const title = h("span", { class: "ct-st__title" }, "Stoeptegel");
  const roundInfo = h("span", { class: "ct-st__chip", dataset: { role: "round" } });
  const targetInfo = h("span", { class: "ct-st__chip", dataset: { role: "target" } });
  const forInfo = h("span", { class: "ct-st__for", dataset: { role: "for" } });
  const help = helpPanel((model.get("notes") || {}).help || [], words);
  const settings = settingsPanel(model, alive, () => (model.get("notes") || {}).help || []);
  const houseTag = h("span", { class: "ct-st__chip ct-st__house", dataset: { role: "house-rules" }, hidden: true });
  const houseHelp = h("div", { class: "ct-st__house-help", dataset: { role: "house-help" } });
  help.panel.append(houseHelp);
  const opponents = h("div", { class: "ct-st__opponents" });
  const rows = [0, 1, 2].map((r) => rowElement(r, words));
  const stockCount = h("span", { class: "ct-st__badge" });
  const stock = h("div", { class: "ct-st__stock", dataset: { role: "stock" } },
    h("div", { class: "ct-st__stock-card" }, cardElement(null, words)), stockCount,
    h("span", { class: "ct-st__caption" }, say("stock")));
  const outInfo = h("span", { class: "ct-st__out", dataset: { role: "out" } });
  const centre = h("div", { class: "ct-st__centre" },
    h("div", { class: "ct-st__rows" }, ...rows.map((row) => row.el)),
    h("div", { class: "ct-st__side-pile" }, stock, outInfo));
  const myName = h("span", { class: "ct-st__name" });
  const myScore = h("span", { class: "ct-st__score", dataset: { role: "score" } });
  const myMarks = h("span", { class: "ct-st__marks" });
  const ownSlot = h("div", { class: "ct-st__secret", dataset: { role: "stoeptegel" }, role: "group" });
  const gaveSlot = h("div", { class: "ct-st__secret ct-st__secret--gave", dataset: { role: "gave" } });
  const scoring = h("div", { class: "ct-st__scoring", dataset: { role: "scoring" } });
  const hand = h("div", { class: "ct-st__hand", dataset: { role: "hand" }, role: "listbox",
    "aria-label": say("hand") });
  const message = h("div", { class: "ct-message ct-st__message", dataset: { role: "message" }, "aria-live": "assertive" });
  // Not live: the log is the one place each event is announced (the prompt and the scoring
  // line are states, read when the player looks); refusals in the message line.
  const prompt = h("div", { class: "ct-st__prompt", dataset: { role: "prompt" } });
  const chooseButton = button("choose", say("choose_button"), { title: say("choose_title") });
  const passButton = button("pass", say("pass_button"), { title: say("pass_title") });
  const me = h("div", { class: "ct-st__me" },
    h("div", { class: "ct-st__me-head" }, myName, myMarks, h("span", { class: "ct-st__spacer" }),
      h("span", { class: "ct-st__label" }, say("score")), myScore),
    h("div", { class: "ct-st__me-body" },
      h("div", { class: "ct-st__secrets" }, ownSlot, gaveSlot, scoring),
      hand,
      h("div", { class: "ct-st__actions" }, chooseButton, passButton)),
    prompt, message);
  const fx = h("div", { class: "ct-st__fx", "aria-hidden": "true" });
  const reveal = h("div", { class: "ct-st__overlay", dataset: { role: "reveal" }, hidden: true });
  const handover = h("div", { class: "ct-st__overlay ct-st__overlay--opaque", dataset: { role: "handover" }, hidden: true });
  const felt = h("div", { class: "ct-st__felt" }, opponents, centre, me, fx, reveal, handover);
  const log = h("ol", { class: "ct-st__log", dataset: { role: "log" }, "aria-live": "polite", tabindex: 0,
    "aria-label": say("log") }); // focusable: it scrolls
  const side = h("aside", { class: "ct-st__aside" }, h("div", { class: "ct-st__aside-title" }, say("log")), log);
  const keys = h("span", { class: "ct-st__keys" }, say("keys"));
  const root = tableRoot("cardtable-stoeptegel",
    h("div", { class: "ct-st__header" }, title, roundInfo, targetInfo, houseTag, forInfo,
      h("span", { class: "ct-tools" }, settings.button, help.button)),
    help.panel,
    settings.panel,
    h("div", { class: "ct-st__main" }, felt, side),
    h("div", { class: "ct-st__footer" }, keys),
  );
  el.replaceChildren(root);
  exposeState(root, model, ["view", "reasons", "names", "humans", "handover", "message", "version", "review"]);
  // A live table (not an exercise) reviews the round just ended and downloads the seat's record.
  const reviews = model.get("review") !== undefined;
  const extra = reviews ? () => endActions("ct-st__button", words) : null;
  if (reviews) { stoeptegelReview(root, felt, model, alive); recordDownloads(model, alive); }
  const keeper = focusKeeper(root, alive);
  fourColour(root, model, alive);
  exerciseBar(root, model, alive);
  const { snapshot, animate, rel, land } = effects({
    felt, log, rows, opponents, hand, stock, fx, root, me, current: () => view(), words,
  });

  /** @type {ReturnType<typeof snapshot> | null} */
  let layout = null; // the last measured places (see draw); forgotten when the felt resizes
  // A reveal taller than the felt (a longer language, a narrow screen) stretches the felt, so
  // that its buttons are never below the felt's edge; its height follows the felt's width only.
  const fitReveal = () => {
    const panel = /** @type {HTMLElement | null} */ (reveal.firstElementChild);
    if (!reveal.hidden && panel) felt.style.minHeight = `${panel.offsetHeight + 28}px`;
  };
  const resized = new ResizeObserver(() => { fitReveal(); if (layout) layout = snapshot(); }); // laid out just now
  resized.observe(felt);
  alive.addEventListener("abort", () => resized.disconnect(), { once: true });
  log.addEventListener("scroll", () => {
    if (layout) layout.pinned = log.scrollHeight - log.scrollTop - log.clientHeight < 40;
  }, { signal: alive, passive: true });

  // ---- helpers reading the synced state
  // The synced view carries only the log lines this page lacks (js/journal.js): keep them and
  // hand the drawing a whole view.
  let journal = emptyJournal();
  /** @type {import("./types.js").StoeptegelTableView | null} */
  let raw = null;
  let whole = /** @type {DrawnView} */ ({}); // empty while the hand-over screen shows
  const view = () => {
    const v = model.get("view") || {};
    if (v === raw) return whole;
    raw = v;
    if (!v.phase) {
      journal = emptyJournal();
      whole = /** @type {DrawnView} */ (v);
      return whole;
    }
    const taken = takeIn(journal, v);
    journal = taken.journal;
    if (taken.missing) model.send({ action: "log" }); // a fresh page: ask for the round's log
    whole = { ...v, events: /** @type {DrawnView["events"]} */ (journal.events), events_from: journal.from,
      notes: withHouseNotes(model.get("notes") || {}, houseOf(v)?.notes) };
    return whole;
  };
  // The house rules' texts: in the state of a served seat, in the notes (sent once) of a widget.
  const houseOf = (/** @type {DrawnView | import("./types.js").StoeptegelTableView} */ v) => v.texts?.house ?? (model.get("notes") || {}).house;
  const names = () => model.get("names") || [];
  const ruleLines = () => (model.get("notes") || {}).help || []; // each rule in words, for tags
  const nameOf = (/** @type {number} */ s) => names()[s] ?? "";
  const isBot = (/** @type {number} */ s) => !(model.get("humans") || []).includes(s);
  const myTurn = (v = view()) => v.phase === "play" && v.to_move === v.seat;
  const legalSet = (v = view()) => new Set((v.legal || []).map(([c, r]) => `${c}:${r}`));
  const focusCard = () => dragging ?? selected ?? hovered;

  // ---- drawing
  let houseDrawn = "";
  /** @type {unknown} */
  let houseSeen = houseDrawn; // (no house object yet)
  /**
   * The house rules in force (Part C), as Python wrote them: the tag and the help's section.
   * @param {import("./types.js").HouseTexts | null | undefined} house
   */
  function drawHouse(house) {
    if (house === houseSeen) return; // the notes' own object (sent once): nothing changed
    houseSeen = house;
    const tag = house?.tag;
    setProp(houseTag, "hidden", !tag);
    setText(houseTag, tag?.label ?? "");
    setAttr(houseTag, "title", tag?.title ?? "");
    const key = JSON.stringify(house ?? null); // a served seat's house comes in every state
    if (key === houseDrawn) return;
    houseDrawn = key;
    const superseded = new Set(house?.superseded ?? []);
    for (const li of /** @type {NodeListOf<HTMLElement>} */ (help.panel.querySelectorAll(":scope > ul > li"))) { // the rules' own lines
      const rule = li.querySelector(".ct-rule")?.textContent ?? "";
      setData(li, "superseded", superseded.has(rule) ? "true" : null);
      li.title = superseded.has(rule) ? /** @type {import("./types.js").HouseTexts} */ (house).superseded_note : "";
    }
    if (!house) { houseHelp.replaceChildren(); return; }
    houseHelp.replaceChildren(
      h("div", { class: "ct-st__house-title" }, house.title),
      h("p", { class: "ct-st__house-intro" }, house.intro),
      h("ul", {}, ...house.lines.map((line) => h("li", { dataset: { field: line.field, changed: String(line.changed) } },
        h("span", { class: "ct-rule", title: say("rule_of", { rule: line.rule }) }, line.rule), " ",
        line.changed ? h("strong", {}, line.text) : line.text, " ",
        h("code", {}, line.setting), " — ",
        h("q", { lang: "nl" }, line.dutch)))));
  }

  let feltLater = 0; // the number of the latest felt left for after the paint
  /** @type {(() => void) | null} */
  let pendingFelt = null; // that felt, until it is drawn
  /** Run `drawFelt` after this frame is painted, unless a newer draw comes first (it draws
   * the felt itself) or the player closes the panel first (`flushFelt`); the layout is
   * measured anew in the frame after.
   * @param {() => void} drawFelt */
  function afterPaint(drawFelt) {
    const mine = ++feltLater;
    pendingFelt = drawFelt;
    requestAnimationFrame(() => setTimeout(() => { if (!alive.aborted && mine === feltLater) flushFelt(); }));
  }
  /** Draw the felt left for after the paint now, if any (the panel over it is closing). */
  function flushFelt() {
    const drawFelt = pendingFelt;
    if (!drawFelt) return;
    pendingFelt = null;
    const mine = feltLater;
    drawFelt();
    layout = null;
    requestAnimationFrame(() => { if (!alive.aborted && mine === feltLater) layout = snapshot(); });
  }

  function draw() {
    keeper.drawing();
    const v = view();
    const over = model.get("handover") || {};
    // Where things lay before this state: measured in the frame after the last draw (a click
    // then draws at once, with no layout forced before the card leaves the hand).
    const before = layout ?? snapshot();
    const sameSeat = v.seat === shownSeat;
    if (v.seat !== shownSeat) { // another player at the screen (hot-seat): no replays
      shownSeat = v.seat ?? null;
      selected = hovered = dragging = null;
      seen = null;
    }
    if (v.round < lastRound) { // a new game: forget the old one's closed reveals
      dismissed.clear();
      seen = null;
    }
    lastRound = v.round ?? lastRound;
    if (selected && !v.hand?.includes(selected)) selected = null;
    if (hovered && !v.hand?.includes(hovered)) hovered = null;
    drawButtons(v); // first, while the page's style is still up to date (see drawButtons)
    setData(root, "phase", over.name ? "handover" : v.phase ?? "");
    setData(root, "toMove", v.to_move ?? "");
    setData(root, "seat", v.seat);
    setData(root, "handover", over.name ? "true" : null);
    const handing = handover.hidden;
    drawHandover(handover, over, button, ruleLines(), words);
    keeper.opened(handover, handing, "button"); // hot seat: the next player's Ready
    for (const chip of [roundInfo, targetInfo, forInfo]) setProp(chip, "hidden", !v.phase);
    drawHouse(v.phase ? houseOf(v) : null);
    // The hand-over screen keeps the table's size (the cards under it are gone): no jump.
    if (!v.phase && over.name && !felt.style.minHeight) felt.style.minHeight = `${felt.offsetHeight}px`;
    else if (v.phase) felt.style.minHeight = "";
    if (!v.phase) {
      for (const row of rows) {
        row.pile.replaceChildren(); row.badges.replaceChildren();
        delete row.pile.dataset.key; delete row.el.dataset.counting;
      }
      // The hand-over screen: nothing of the last player may stay in the page.
      plates = new Map();
      fx.replaceChildren();
      opponents.replaceChildren(); hand.replaceChildren(); log.replaceChildren();
      ownSlot.replaceChildren(); gaveSlot.replaceChildren(); prompt.textContent = "";
      delete ownSlot.dataset.card; delete gaveSlot.dataset.card; delete ownSlot.dataset.key;
      reveal.hidden = true; reveal.replaceChildren(); delete reveal.dataset.content;
      showMessage("", "");
      return;
    }
    setText(roundInfo, say("round", { round: v.round }));
    setText(targetInfo, say("target", { target: v.target }));
    setText(forInfo, v.texts?.for ?? "");
    const opening = reveal.hidden;
    drawReveal(reveal, v, { nameOf, dismissed, button, extra, ruleLines: ruleLines(), words });
    const felted = () => { // what lies on the felt
      drawOpponents(v);
      drawRows(rows, v, root.dataset.hints !== "off", words);
      drawMe(v);
      setText(stockCount, String(v.stock_count));
      setData(stock, "count", v.stock_count);
      stock.classList.toggle("ct-st__stock--empty", v.stock_count === 0);
    };
    // The end of a round opens over the felt and hides all of it: the next deal under it is
    // drawn once the click's frame, the panel, is painted (the deal is a third of the table's
    // nodes, issue 28). Never for another seat at the screen (hot seat: nothing of the last
    // player may stay in the page).
    if (opening && !reveal.hidden && sameSeat) afterPaint(felted);
    else { feltLater += 1; pendingFelt = null; felted(); }
    setText(outInfo, v.out_of_game.length ? say("out", { count: v.out_of_game.length }) : "");
    drawLog(log, v, before.pinned || seen === null);
    // The end of a round opens over the felt: its button is the next step (a hand card under
    // it, or the page, would hold the focus otherwise).
    keeper.opened(reveal, opening, "button.ct-button--primary");
    // The player at the screen just won the game: a moment for it, over the final panel.
    if (v.phase === "over" && shownPhase === "play" && v.winners.includes(v.seat)) felt.append(winBurst());
    else if (v.phase !== "over") felt.querySelector(".ct-win")?.remove();
    shownPhase = v.phase;
    drawFocus();
    // The card that was laid has left the hand: its neighbour takes the focus (or Pass).
    keeper.settle(() => /** @type {HTMLElement | undefined} */ (hand.children[Math.min(focusIndex, hand.children.length - 1)])
      || (passButton.hidden || passButton.disabled ? null : passButton));
    // Animations read the new layout: in the next frame (before it is painted), so the new
    // state is in the DOM at once and the layout is computed once.
    const start = seen;
    seen = v.events_from + (v.events || []).length;
    requestAnimationFrame(() => {
      if (alive.aborted) return;
      fitReveal(); // it measures the panel: here, where the frame lays it out anyway
      layout = snapshot(); // this frame lays the new state out anyway
      animate(v, before, start, launch);
      launch = null;
    });
  }

  // One plate per other seat, kept across updates (so pops and bubbles on it live on).
  let plates = new Map();
  /** @param {DrawnView} v */
  function drawOpponents(v) {
    const n = v.players;
    const order = Array.from({ length: n - 1 }, (_, k) => (v.seat + k + 1) % n);
    if (order.join() !== [...plates.keys()].join()) {
      plates = new Map(order.map((s) => [s, plate(s)]));
      opponents.replaceChildren(...[...plates.values()].map((p) => p.el));
      opponents.style.setProperty("--seats", String(n - 1));
    }
    for (const [s, p] of plates) {
      const count = v.hand_counts[s];
      const status = statusOf(v, s);
      setData(p.el, "toMove", v.to_move === s && "true");
      setData(p.el, "passed", v.phase === "play" && v.passed[s] && "true");
      setData(p.el, "dealer", v.dealer === s && "true");
      setData(p.el, "bot", isBot(s) && "true");
      const label = say("seat_label", { name: nameOf(s), cards: say("cards", { count }),
        points: say("points", { count: v.scores[s] }) });
      setAttr(p.el, "aria-label", status ? say("seat_status", { label, status }) : label);
      setText(p.name, nameOf(s));
      setProp(p.dealer, "hidden", v.dealer !== s);
      setText(p.score, String(v.scores[s]));
      if (p.backs.childElementCount !== count) { // the backs that stay keep their nodes
        setStyle(p.backs, "--n", String(Math.max(count, 1)));
        while (p.backs.childElementCount > count) p.backs.lastElementChild?.remove();
        for (let i = p.backs.childElementCount; i < count; i++)
          p.backs.append(h("div", { class: "ct-st__back", style: `--i:${i}` }, cardElement(null, words)));
      }
      setText(p.count, say("cards", { count }));
      setText(p.status, status || "\u00a0");
    }
  }

  /** @param {number} s */
  function plate(s) {
    const name = h("span", { class: "ct-st__name" });
    const dealer = h("span", { class: "ct-st__dealer", title: say("dealer_title") }, say("dealer"));
    const score = h("span", { class: "ct-st__score", dataset: { role: "score", seat: s } });
    const backs = h("div", { class: "ct-st__backs", "aria-hidden": "true" }); // the label counts them
    const count = h("span", { class: "ct-st__count", dataset: { role: "hand-count", seat: s } });
    const status = h("div", { class: "ct-st__status", dataset: { role: "status" } });
    const el = h("div", { class: "ct-st__seat", role: "group", dataset: { seat: s } },
      h("div", { class: "ct-st__seat-head" }, name, dealer, h("span", { class: "ct-st__spacer" }), score),
      h("div", { class: "ct-st__seat-body" }, backs, count),
      status);
    return { el, name, dealer, score, backs, count, status };
  }

  /** @param {DrawnView} v @param {number} s */
  function statusOf(v, s) {
    if (v.phase === "choose") return v.chosen_seats[s] ? say("set_aside") : say("choosing");
    if (v.phase === "play") {
      if (v.to_move === s) return say(isBot(s) ? "thinking" : "to_move");
      if (v.passed[s]) return say("passed");
    }
    return "";
  }

  /** @param {DrawnView} v */
  function drawMe(v) {
    const s = v.seat;
    setText(myName, nameOf(s));
    setText(myScore, String(v.scores[s]));
    setData(myScore, "seat", s);
    const dealer = v.dealer === s, passed = v.phase === "play" && v.passed[s];
    const marksKey = `${dealer}|${myTurn(v)}|${passed}`; // (new words mount the table anew)
    if (myMarks.dataset.key !== marksKey) { // the same marks keep their nodes
      myMarks.dataset.key = marksKey;
      fill(myMarks,
        dealer ? h("span", { class: "ct-st__dealer", title: say("dealer_title") }, say("dealer")) : null,
        myTurn(v) ? h("span", { class: "ct-st__tag ct-st__tag--turn" }, say("your_turn")) : null,
        passed ? h("span", { class: "ct-st__tag" }, say("passed")) : null,
      );
    }
    setData(me, "toMove", String(myTurn(v)));

    // Your stoeptegel (B4: you see yours once play starts; in round 1 you kept it yourself).
    const from = v.stoeptegel_from;
    const secretsKey = JSON.stringify([s, v.stoeptegel, from, v.gave, v.stoeptegel_for, names()]);
    if (ownSlot.dataset.key !== secretsKey) {
      ownSlot.dataset.key = secretsKey;
      drawSecrets(ownSlot, gaveSlot, v, nameOf, words);
    }

    const choosing = v.phase === "choose" && !v.chosen;
    drawHand(hand, v, selected, words);
    setData(hand, "mode", choosing ? "choose" : v.phase);
    withRuleTags(prompt, promptText(v), ruleLines(), words); // a rule it cites is a tag
    setText(scoring, v.texts.scoring ?? "");
    setData(scoring, "counts", v.texts.scoring ? String(v.counting_rows.length > 0) : null);
  }

  /** Your buttons. A focused button that is hidden or disabled loses the focus, and Chrome
   * then lays the page out at once: inside the draw, before the new state is even in the
   * page, that cost a pass 4–20 ms (the most when it ended the round, issue 28). Such a
   * button changes in the next frame instead, before it is painted, where the page is laid
   * out anyway (the focus keeper then puts the focus on the next sensible control).
   * @param {DrawnView} v */
  function drawButtons(v) {
    wantedButtons.set(chooseButton, [v.phase !== "choose", !(v.phase === "choose" && !v.chosen) || !selected]);
    wantedButtons.set(passButton, [v.phase !== "play", !myTurn(v)]); // always enabled on your turn (B23)
    wantedButtons.set(settings.apply, [settings.apply.hidden, v.phase !== "over"]); // a game ends at its target (B27)
    for (const [button, [hidden, disabled]] of wantedButtons) {
      if ((hidden || disabled) && document.activeElement === button) requestAnimationFrame(() => setButton(button));
      else setButton(button);
    }
  }
  /** @type {Map<HTMLButtonElement, [boolean, boolean]>} */
  const wantedButtons = new Map(); // button -> [hidden, disabled], as the last draw wants it
  /** @param {HTMLButtonElement} button */
  function setButton(button) {
    const [hidden, disabled] = /** @type {[boolean, boolean]} */ (wantedButtons.get(button));
    setProp(button, "hidden", hidden);
    setProp(button, "disabled", disabled);
  }

  // The engine's sentence for now; a picked card fills in its {card}.
  /** @param {DrawnView} v */
  function promptText(v) {
    const prompt = v.texts.prompt;
    return selected ? prompt.picked.replace("{card}", cardLabel(selected, words)) : prompt.idle;
  }

  // The log: one line per event of the view's window, appended as they come (keyed by the
  // event's index), so a long round costs nothing to redraw.
  // Rows that take the focused card glow; the others are dimmed, and the one under the pointer
  // says why not (the engine's explain(), synced for your own cards on your turn).
  function drawFocus() {
    const v = view();
    const code = focusCard();
    const legal = legalSet(v);
    const reasons = model.get("reasons") || {};
    const active = Boolean(code && myTurn(v)) && root.dataset.hints !== "off"; // an exercise: no highlights
    rows.forEach(({ el: node, why }, r) => {
      const takes = active ? legal.has(`${code}:${r}`) : null;
      setData(node, "takes", active ? String(takes) : null);
      setData(node, "over", r === overRow && "true");
      // Would laying it here score (B25)? The engine says, from what this seat may know.
      const would = active && takes ? (v.would_score[/** @type {Code} */ (code)] || [])[r] : null;
      setData(node, "wouldScore", would === null || would === undefined ? null : String(would));
      const reason = active && r === overRow && !takes ? (reasons[/** @type {Code} */ (code)] || [])[r] : null;
      setProp(why, "hidden", !reason);
      withRuleTags(why, reason || "", ruleLines(), words);
    });
    for (const card of /** @type {HTMLCollectionOf<HTMLElement>} */ (hand.children)) setData(card, "selected", card.dataset.card === selected && "true");
    drawButtons(v); // Set aside needs a picked card
    setData(root, "picking", String(Boolean(selected)));
  }

  function drawMessage() {
    const note = model.get("message") || {};
    showMessage(note.text || "", note.kind || "");
  }

  /** @param {string} text @param {string} kind */
  function showMessage(text, kind) {
    withRuleTags(message, text, ruleLines(), words);
    message.dataset.kind = kind;
    if (text) message.animate([{ opacity: 0.2 }, { opacity: 1 }], { duration: 250 });
  }

  // ---- input: clicks, drags and keys become intents; the engine decides
  /** @param {Code} code */
  function pick(code) {
    const v = view();
    if (!v.phase || v.phase === "over" || (v.phase === "choose" && v.chosen)) return;
    selected = selected === code ? null : code;
    land(); // the last moves' motion ends: the player is choosing
    if (model.get("message")?.kind !== "error") showMessage("", "");
    drawMe(v);
    drawFocus();
  }

  /** @param {number} r @param {Code | null} [code] */
  function layOn(r, code = selected) {
    const v = view();
    if (v.phase !== "play") return;
    if (!code) {
      showMessage(say("pick_first"), "hint");
      return;
    }
    const node = hand.querySelector(`[data-card="${code}"]`);
    launch = node ? { code, rect: rel(node) } : null;
    send("play", { card: code, row: r });
  }

  root.addEventListener("click", (event) => {
    if (justDragged) return;
    const target = /** @type {HTMLElement} */ (event.target);
    const action = /** @type {HTMLButtonElement | null} */ (target.closest("[data-action]"));
    if (action && !action.disabled) {
      const name = /** @type {string} */ (action.dataset.action);
      if (name === "choose") { if (selected) send("choose", { card: selected }); return; }
      if (name === "dismiss") {
        const v = view();
        dismissed.add(`${v.seat}:${v.reveal?.round}`);
        keeper.acted(); // its button goes: the focus goes to the new hand (or the hand-over)
        flushFelt(); // closed in the frame it opened: the new hand is not drawn yet
        drawReveal(reveal, v, { nameOf, dismissed, button, extra, ruleLines: ruleLines(), words });
        keeper.settle(() => /** @type {HTMLElement | null} */ (hand.firstElementChild ?? handover.querySelector("button")));
        return;
      }
      if (name === "ready") action.disabled = true; // one click is enough
      if (name === "new") { // with the settings the player chose, if any
        const chosen = settings.chosen();
        settings.close();
        send(name, chosen);
        return;
      }
      send(name);
      return;
    }
    const card = /** @type {HTMLElement | null} */ (target.closest(".ct-st__hcard"));
    if (card) return pick(/** @type {Code} */ (card.dataset.card));
    const row = /** @type {HTMLElement | null} */ (target.closest("[data-row]"));
    if (row && rows.some((x) => x.el === row)) layOn(Number(row.dataset.row));
  }, { signal: alive });

  hand.addEventListener("pointerover", (event) => {
    const card = closest(event.target, ".ct-st__hcard");
    const code = card ? /** @type {Code} */ (card.dataset.card) : null;
    if (code !== hovered) { hovered = code; drawFocus(); }
  }, { signal: alive });
  hand.addEventListener("pointerleave", () => { hovered = null; drawFocus(); }, { signal: alive });
  // Drag with pointer events (mouse, touch, pen): a card followed by a ghost, dropped on the
  // row under the pointer. Every drop is sent: the engine says yes or why not.
  /** @type {{ code: Code, node: HTMLElement, x: number, y: number, ghost: HTMLElement | null } | null} */
  let drag = null;
  let justDragged = false; // the click that ends a drag is not a pick
  hand.addEventListener("pointerdown", (event) => {
    const card = closest(event.target, ".ct-st__hcard");
    if (!card || event.button !== 0 || view().phase !== "play") return;
    drag = { code: /** @type {Code} */ (card.dataset.card), node: card, x: event.clientX, y: event.clientY, ghost: null };
    card.setPointerCapture(event.pointerId);
  }, { signal: alive });
  hand.addEventListener("pointermove", (event) => {
    if (!drag) return;
    if (!drag.ghost && Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 6) return;
    if (!drag.ghost) { // the drag begins
      dragging = drag.code;
      drag.node.classList.add("is-dragging");
      drag.ghost = h("div", { class: "ct-st__drag-ghost" }, cardElement(drag.code, words));
      fx.append(drag.ghost);
    }
    const box = felt.getBoundingClientRect();
    drag.ghost.style.left = `${event.clientX - box.left}px`;
    drag.ghost.style.top = `${event.clientY - box.top}px`;
    const under = /** @type {HTMLElement | null | undefined} */ (document.elementFromPoint(event.clientX, event.clientY)?.closest("[data-row]"));
    const r = under && rows.some((x) => x.el === under) ? Number(under.dataset.row) : null;
    if (r !== overRow) { overRow = r; drawFocus(); }
  }, { signal: alive });
  const endDrag = (/** @type {boolean} */ drop) => {
    if (!drag) return;
    const { code, node, ghost } = drag;
    drag = null;
    if (!ghost) return; // a press without a move: a click picks the card
    ghost.remove();
    node.classList.remove("is-dragging");
    justDragged = true;
    setTimeout(() => { justDragged = false; }, 0);
    const r = overRow;
    dragging = null;
    if (drop && r !== null) layOn(r, code);
    else { overRow = null; drawFocus(); }
  };
  hand.addEventListener("pointerup", () => endDrag(true), { signal: alive });
  hand.addEventListener("pointercancel", () => endDrag(false), { signal: alive });
  rows.forEach(({ el: node }, r) => {
    node.addEventListener("pointerenter", () => { overRow = r; drawFocus(); }, { signal: alive });
    node.addEventListener("pointerleave", () => { if (overRow === r && !drag) { overRow = null; drawFocus(); } }, { signal: alive });
  });

  root.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const key = event.key.toLowerCase();
    let handled = true;
    const inButton = closest(event.target, "button");
    if (["1", "2", "3"].includes(key)) layOn(Number(key) - 1);
    else if (key === "p" && myTurn()) send("pass");
    else if (key === "escape") { selected = null; drawFocus(); }
    else if ((key === "enter" || key === " ") && !inButton) {
      const card = closest(event.target, ".ct-st__hcard");
      const row = closest(event.target, "[data-row]");
      const v = view();
      // Choosing: a second Enter on the picked card sets it aside (as the button does).
      if (card && v.phase === "choose" && !v.chosen && selected === card.dataset.card) send("choose", { card: selected });
      else if (card) pick(/** @type {Code} */ (card.dataset.card));
      else if (row) layOn(Number(row.dataset.row));
      else handled = false;
    } else if (key === "arrowleft" || key === "arrowright") {
      const cards = /** @type {HTMLElement[]} */ ([...hand.children]);
      const at = cards.indexOf(/** @type {HTMLElement} */ (document.activeElement));
      const next = cards[(at + (key === "arrowright" ? 1 : -1) + cards.length) % cards.length];
      if (next) next.focus();
    } else handled = false;
    if (handled) event.preventDefault();
  }, { signal: alive });

  // One sync message can change several traits: draw once, after all of them changed.
  redrawOn(model, ["view", "handover", "names", "reasons"], draw, alive);
  onModel(model, "change:message", drawMessage, alive);
  draw();
  drawMessage();
  alive.addEventListener("abort", () => fx.replaceChildren(), { once: true });
}

/**
 * The sentences that never change, with the row notes a house rule makes untrue replaced by
 * what this table reads (Python writes both).
 * @param {any} notes
 * @param {Record<string, string> | undefined} house
 */
function withHouseNotes(notes, house) {
  if (!house || !Object.keys(house).length) return notes;
  return { ...notes, rows: { ...(notes.rows || {}), ...house } };
}

export default { render: renderLive(mount) };
