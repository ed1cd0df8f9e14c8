// node --test: the page's log journal (js/journal.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { emptyJournal, takeIn } from "../../js/journal.js";

const line = (text) => ({ type: "play", text });

test("the first view of a round is taken whole", () => {
  const { journal, missing } = takeIn(emptyJournal(), {
    seat: 0, log_from: 10, events_from: 10, events: [line("a"), line("b")],
  });
  assert.equal(missing, false);
  assert.deepEqual(journal.events.map((e) => e.text), ["a", "b"]);
  assert.equal(journal.from, 10);
});

test("new lines are appended, and a changed line is replaced from there", () => {
  let { journal } = takeIn(emptyJournal(), { seat: 0, log_from: 0, events_from: 0, events: [line("a"), line("b")] });
  ({ journal } = takeIn(journal, { seat: 0, log_from: 0, events_from: 2, events: [line("c")] }));
  assert.deepEqual(journal.events.map((e) => e.text), ["a", "b", "c"]);
  ({ journal } = takeIn(journal, { seat: 0, log_from: 0, events_from: 1, events: [line("B"), line("c")] }));
  assert.deepEqual(journal.events.map((e) => e.text), ["a", "B", "c"]);
});

test("a gap means the page must ask for the whole log, and changes nothing", () => {
  const start = takeIn(emptyJournal(), { seat: 0, log_from: 0, events_from: 0, events: [line("a")] }).journal;
  const { journal, missing } = takeIn(start, { seat: 0, log_from: 0, events_from: 5, events: [line("f")] });
  assert.equal(missing, true);
  assert.deepEqual(journal.events.map((e) => e.text), ["a"]);
});

test("another seat (hot seat) or another round starts a new journal", () => {
  const start = takeIn(emptyJournal(), { seat: 0, log_from: 0, events_from: 0, events: [line("a")] }).journal;
  const seat = takeIn(start, { seat: 1, log_from: 0, events_from: 0, events: [line("x")] });
  assert.deepEqual(seat.journal.events.map((e) => e.text), ["x"]);
  const round = takeIn(start, { seat: 0, log_from: 30, events_from: 30, events: [line("r")] });
  assert.deepEqual([round.journal.from, round.journal.events.length], [30, 1]);
});
